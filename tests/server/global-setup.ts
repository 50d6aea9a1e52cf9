import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_ACCOUNTS } from '../../server/src/db/demo-accounts';
import { startLocalIdentityProvider } from '../../server/src/identity/local-provider';
import { provisionLocalIdentity } from '../../server/src/identity/provision';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local identity provider; `mailbox` is the outbox file its emails are written to. */
    identity: { endpoint: string; userPoolId: string; clientId: string; mailbox: string; subjects: Record<string, string>; dataDir: string };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a real local identity provider with the demo accounts for the server tests. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lavo-idp-'));
  const provider = await startLocalIdentityProvider({ dataDir, port: await freePort() });
  const identity = await provisionLocalIdentity({ endpoint: provider.endpoint, dataDir, accounts: DEMO_ACCOUNTS });
  project.provide('identity', { endpoint: provider.endpoint, mailbox: provider.mailbox, dataDir, ...identity });
  return async () => {
    await provider.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
