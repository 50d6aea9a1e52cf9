import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { demoHistoryWritten } from './api-sign-in';

/** Where the web benchmark's build and server run: ports and a data directory of their own. */
export interface WebServerOptions {
  port: number;
  dataDir: string;
  demoHistoryDays: number;
  /** More environment for scripts/start.ts (the kiosk gateway simulator is off unless set here). */
  env?: Record<string, string>;
  /**
   * Runs the server (and every process it starts: identity provider, Pusher server, simulators) at
   * this lower CPU priority (`nice`), so that a page measured here gets the CPU first, as a tablet
   * in the field has its own while the API server runs elsewhere.
   */
  niceness?: number;
}

/** A server started by `startWebServer`. */
export interface WebServer {
  url: string;
  stop: () => Promise<void>;
}

const tsx = import.meta.resolve('tsx');
const START_TIMEOUT_MS = 5 * 60_000;
const HISTORY_TIMEOUT_MS = 20 * 60_000;

/** Runs a command to completion; its output is kept and shown only when it fails. */
function runQuietly(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}

/** Removes the data directory and builds the app into `{dataDir}/dist` (vite build), leaving `dist/` alone. */
export async function buildApp(options: WebServerOptions): Promise<string> {
  await rm(options.dataDir, { recursive: true, force: true });
  const outDir = path.join(options.dataDir, 'dist');
  await runQuietly('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir']);
  return outDir;
}

/**
 * Starts the built app in `staticDir` as the browser tests do (`scripts/start.ts`: identity
 * provider, Pusher-protocol server and API server, no live simulators unless `env` asks) and waits until it answers
 * and its demo history is written.
 */
export async function startWebServer(options: WebServerOptions, staticDir: string): Promise<WebServer> {
  const { port, dataDir } = options;
  const command = [process.execPath, '--import', tsx, 'scripts/start.ts'];
  // `nice` runs the command in its own place (same process id), so stopping it works as without.
  const [file, ...args] = options.niceness ? ['nice', '-n', String(options.niceness), ...command] : command;
  const child = spawn(file as string, args, {
    // In our process group: Ctrl-C reaches it directly, and it stops its children itself.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LAVO_DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      PORT: String(port),
      COGNITO_PORT: String(port + 1239),
      PUSHER_PORT: String(port + 1),
      LOG_LEVEL: 'warn',
      DEMO_HISTORY_DAYS: String(options.demoHistoryDays),
      SIMULATOR: 'off',
      GATEWAY_SIMULATOR: 'off',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: WebServer = { url: `http://localhost:${port}`, stop: () => stopServer(child) };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let answered = false;
  while (!answered && Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server stopped before answering (${child.signalCode ?? `exit code ${child.exitCode}`}):\n${output}`);
    }
    try {
      answered = (await fetch(`${server.url}/config.json`)).ok;
    } catch {
      // not listening yet
    }
    if (!answered) await new Promise((r) => setTimeout(r, 500));
  }
  try {
    if (!answered) throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 60_000} min`);
    // Measured against the whole history, which the server writes in the background once it answers.
    await demoHistoryWritten(server.url, HISTORY_TIMEOUT_MS);
  } catch (error) {
    await server.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${output}`, { cause: error });
  }
  return server;
}

/** SIGTERM to start.ts, which stops every process it started (SIGKILL after 5 s each); SIGKILL after 15 s. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000));
  if ((await Promise.race([exited, timer])) === 'timeout') child.kill('SIGKILL');
}
