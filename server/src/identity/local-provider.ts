import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mailboxPathOf } from './mailbox';

export interface LocalProvider {
  endpoint: string;
  /** The outbox file its emails are written to (see mailbox.ts). */
  mailbox: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts cognito-local as a child process keeping its store under `dataDir`, and waits until it
 * answers. Its emails go to `{dataDir}/mail/outbox.jsonl`, with links on `appUrl`.
 */
export async function startLocalIdentityProvider(opts: {
  dataDir: string;
  port: number;
  /** The app's address, for the links in emails (default http://localhost:8080). */
  appUrl?: string;
  /** Where it listens: 127.0.0.1 (this machine only) unless told otherwise. */
  host?: string;
  log?: (line: string) => void;
}): Promise<LocalProvider> {
  const cwd = path.resolve(opts.dataDir, 'cognito');
  mkdirSync(cwd, { recursive: true });
  const mailbox = mailboxPathOf(opts.dataDir);
  const entry = fileURLToPath(new URL('./cognito-local/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, entry], {
    cwd,
    env: {
      ...process.env,
      PORT: String(opts.port),
      // HOST names the token issuer (http://localhost:{port}, what the API verifies); where it
      // listens is LAVO_LISTEN_HOST.
      HOST: 'localhost',
      LAVO_LISTEN_HOST: opts.host ?? '127.0.0.1',
      LAVO_MAILBOX: mailbox,
      LAVO_APP_URL: opts.appUrl ?? 'http://localhost:8080',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => opts.log?.(chunk.toString());
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const endpoint = `http://localhost:${opts.port}`;
  await waitUntilAnswering(endpoint, child);
  return {
    endpoint,
    mailbox,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The local identity provider exited with code ${child.exitCode}`);
    try {
      // Any HTTP answer means it is listening; an unknown target answers 400.
      await fetch(endpoint, { method: 'POST', body: '{}' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`The local identity provider did not answer on ${endpoint} within ${timeoutMs} ms`);
}
