import { z } from 'zod';
import { resolveSecrets } from '../secrets';
import { describeZodError } from './protocol';
import { startPusherServer } from './pusher-server';

const envSchema = z.object({
  PUSHER_APP_ID: z.string().min(1).default('lavo-local'),
  PUSHER_KEY: z.string().min(1).default('lavo-local-key'),
  /** Unset locally: the installation's generated secret (server/src/secrets.ts). */
  PUSHER_SECRET: z.string().min(1).optional(),
  LAVO_DATA_DIR: z.string().min(1).default('.data'),
  NODE_ENV: z.string().default('development'),
  PUSHER_PORT: z.coerce.number().int().min(0).max(65535).default(6001),
  PUSHER_HOST: z.string().min(1).default('127.0.0.1'),
});

// Compose files and CI often pass unset variables as empty strings; treat those as unset.
const setVariables = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
const env = envSchema.safeParse(setVariables);
if (!env.success) {
  console.error(`Invalid Pusher server environment: ${describeZodError(env.error)}`);
  process.exit(1);
}
const { PUSHER_APP_ID, PUSHER_KEY, PUSHER_PORT, PUSHER_HOST } = env.data;
let PUSHER_SECRET: string;
try {
  PUSHER_SECRET = resolveSecrets(env.data, ['pusherSecret']).pusherSecret;
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const server = await startPusherServer({
  port: PUSHER_PORT,
  host: PUSHER_HOST,
  apps: [{ id: PUSHER_APP_ID, key: PUSHER_KEY, secret: PUSHER_SECRET }],
});
console.log(`Pusher-protocol server listening on ws://${PUSHER_HOST}:${server.port}/app/${PUSHER_KEY} (app ${PUSHER_APP_ID})`);

const shutdown = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
