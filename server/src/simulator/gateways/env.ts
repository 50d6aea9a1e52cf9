import { z } from 'zod';
import { DEFAULT_GATEWAY_SEED } from './fleet';

/** The kiosk gateway simulator's environment (`npm run simulate:gateways`). */
export const gatewaySimulatorEnvSchema = z.object({
  /** The API server's port on this machine. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** The API server's INGEST_SECRET, from which each gateway's token is derived; unset: the installation's (server/src/secrets.ts). */
  INGEST_SECRET: z.string().min(16).optional(),
  NODE_ENV: z.string().default('development'),
  LAVO_DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  /** Docking and operation events per second over the whole fleet; 0: none. */
  GATEWAY_SIMULATOR_RATE: z.coerce.number().min(0).max(100).default(0.2),
  GATEWAY_SIMULATOR_SEED: z.coerce.number().int().default(DEFAULT_GATEWAY_SEED),
  /** Time between two rounds in which every gateway carries out the device operations it hears (ms); 0: none. */
  GATEWAY_SIMULATOR_OPERATIONS_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** The control API's port on 127.0.0.1; 0: no control API. */
  GATEWAY_SIMULATOR_CONTROL_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** 'debug' (or 'trace') also prints each event and every message ignored as invalid. */
  LOG_LEVEL: z.string().optional(),
});
export type GatewaySimulatorEnv = z.infer<typeof gatewaySimulatorEnvSchema>;

/** Parses the environment; unset and empty variables take their defaults. */
export function parseGatewaySimulatorEnv(source: NodeJS.ProcessEnv): { env: GatewaySimulatorEnv } | { error: string } {
  // Compose files and CI often pass unset variables as empty strings.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = gatewaySimulatorEnvSchema.safeParse(set);
  if (parsed.success) return { env: parsed.data };
  return { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}
