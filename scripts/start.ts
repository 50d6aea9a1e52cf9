/**
 * `npm start`: runs the whole console on one machine. Starts the local identity provider
 * (unless COGNITO_USER_POOL_ID points at a real pool), the local Pusher-protocol server (unless
 * PUSHER_HOST points at a real one) and the API server, which applies migrations, seeds the demo
 * on first start and serves the built app. With the local identity provider, every email it sends
 * is printed as it arrives (and kept in `{LAVO_DATA_DIR}/mail/outbox.jsonl`). On first start the API
 * server writes the demo's simulated history (DEMO_HISTORY_DAYS) in the background once it
 * listens, newest day first. Once it answers, the live device simulator starts posting events
 * (unless SIMULATOR=off) and the kiosk gateway simulator plays the charging stations over the
 * Pusher server (unless GATEWAY_SIMULATOR=off; its control API listens when
 * GATEWAY_SIMULATOR_CONTROL_PORT is set). Ctrl-C stops every child.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { DEMO_ACCOUNTS } from '../server/src/db/demo-accounts';
import { startLocalIdentityProvider } from '../server/src/identity/local-provider';
import { watchMailbox, type Mail } from '../server/src/identity/mailbox';
import { provisionLocalIdentity } from '../server/src/identity/provision';

// Node 20 is this project's runtime; the AWS SDK's notice about its future Node 22 floor is known.
const env: NodeJS.ProcessEnv = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env };
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const dataDir = env.LAVO_DATA_DIR ?? '.data';
const port = Number(env.PORT ?? 8080);
const cognitoPort = Number(env.COGNITO_PORT ?? 9229);
const pusherPort = Number(env.PUSHER_PORT ?? 6001);
const children: ChildProcess[] = [];
// The simulators need the demo fleet, which only exists when the demo is seeded.
const seeded = !['false', '0'].includes(env.SEED_DEMO ?? 'true');
const simulate = env.SIMULATOR !== 'off' && seeded;
const simulateGateways = env.GATEWAY_SIMULATOR !== 'off' && seeded;
// Migrations and the demo seed come first; the demo history is written after the API listens.
const API_START_TIMEOUT_MS = 5 * 60_000;
const tsx = import.meta.resolve('tsx');

/** Starts a child; when an essential one stops, everything stops. The console works without the others. */
function run(name: string, script: string, childEnv: NodeJS.ProcessEnv, essential = true): ChildProcess {
  const child = spawn(process.execPath, ['--import', tsx, script], { env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    if (!essential) return void console.error(`${name} stopped (${signal ?? `exit code ${code}`}); the console goes on without it.`);
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    void stopAll(1);
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** A compact block for one email of the local identity provider. */
function printMail(mail: Mail) {
  const lines = [`✉  ${mail.subject}`, `   to:   ${mail.to}`];
  if (mail.link) lines.push(`   link: ${mail.link}`);
  if (mail.code) lines.push(`   code: ${mail.code}`);
  console.log(`\n${lines.join('\n')}\n`);
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function waitForPort(portNumber: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(portNumber, '127.0.0.1');
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  if (!stopping) throw new Error(`Nothing listened on port ${portNumber} within ${timeoutMs / 1000} s`);
}

try {
  if (!env.COGNITO_USER_POOL_ID) {
    const provider = await startLocalIdentityProvider({ dataDir, port: cognitoPort, appUrl: `http://localhost:${port}`, host: env.HOST });
    children.push(provider.child);
    watchMailbox(provider.mailbox, printMail);
    const identity = await provisionLocalIdentity({ endpoint: provider.endpoint, dataDir, accounts: DEMO_ACCOUNTS });
    Object.assign(env, {
      COGNITO_ENDPOINT: provider.endpoint,
      COGNITO_USER_POOL_ID: identity.userPoolId,
      COGNITO_CLIENT_ID: identity.clientId,
    });
    console.log(`Local identity provider (cognito-local) on ${provider.endpoint}, pool ${identity.userPoolId}`);
    console.log(`Its emails are printed here and kept in ${provider.mailbox}`);
  }
  if (!env.PUSHER_HOST) {
    Object.assign(env, { PUSHER_HOST: '127.0.0.1', PUSHER_PUBLIC_HOST: 'localhost', PUSHER_PORT: String(pusherPort) });
    // The API reaches it on 127.0.0.1; it listens there too unless HOST says otherwise.
    run('Pusher-protocol server', 'server/src/realtime/main.ts', { ...env, PUSHER_HOST: env.HOST ?? '127.0.0.1' });
    await waitForPort(pusherPort);
  }
  run('API server', 'server/src/main.ts', { ...env, PORT: String(port) });
  await waitFor(`http://127.0.0.1:${port}/config.json`, API_START_TIMEOUT_MS);
  if (simulate) run('Device simulator', 'scripts/simulate.ts', { ...env, PORT: String(port) });
  if (simulateGateways) run('Kiosk gateway simulator', 'scripts/simulate-gateways.ts', { ...env, PORT: String(port) }, false);
  if (simulateGateways && env.IOT_SIMULATOR !== 'off') run('IoT simulator', 'scripts/simulate-iot.ts', { ...env, PORT: String(port) }, false);

  const url = `http://localhost:${port}`;
  console.log(`\nLavo is running at ${url}\n\nDemo accounts:`);
  for (const a of DEMO_ACCOUNTS) {
    const note = a.temporary ? ' (temporary: choose a new one)' : a.disabled ? ' (disabled)' : '';
    console.log(`  ${a.email.padEnd(22)} ${a.password}${note}  — ${a.description}`);
  }
  console.log(simulate ? '\nThe device simulator is sending live events (SIMULATOR=off to stop it).' : '\nThe device simulator is off.');
  const gatewayControl = env.GATEWAY_SIMULATOR_CONTROL_PORT ? `; control API on http://127.0.0.1:${env.GATEWAY_SIMULATOR_CONTROL_PORT}` : '';
  console.log(
    simulateGateways
      ? `The kiosk gateway simulator plays the charging stations (GATEWAY_SIMULATOR=off to stop it${gatewayControl}).`
      : 'The kiosk gateway simulator is off.',
  );
  if (simulateGateways && env.IOT_SIMULATOR !== 'off') console.log('The IoT simulator plays the IoT devices and their jobs (IOT_SIMULATOR=off to stop it).');
  console.log('\nPress Ctrl-C to stop.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
