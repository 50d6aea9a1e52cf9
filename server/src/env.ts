import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * How long a report statement may run. On the PostgreSQL database of `npm run bench:reports`
 * (90 days, 1,000 users, 6.8 million events) no call of its report endpoints took more than
 * 0.3 s on a busy development machine; 15 s leaves fifty times that for slower hardware or a
 * busy moment, and stops a runaway range or selection before it holds a connection (or PGlite's
 * only one) for long.
 */
export const DEFAULT_REPORT_STATEMENT_TIMEOUT_MS = 15_000;

/** How long a data export may run (DATA_EXPORT_TIMEOUT_MS). */
export const DEFAULT_DATA_EXPORT_TIMEOUT_MS = 60_000;

/**
 * On PGlite, how long one statement of a data export may hold the only connection (an export's
 * SQL runs in a database of its own, ARCHITECTURE.md 'Data exports'; these statements read the
 * rows it may see, a few thousand at a time, each in some tens of milliseconds on the demo's
 * history): stopping one costs every other request the reopening of the database.
 */
export const DEFAULT_PGLITE_EXPORT_STATEMENT_TIMEOUT_MS = 2_000;

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** The proxies trusted by default: this host and private networks, where a load balancer sits. */
export const DEFAULT_TRUST_PROXY = 'loopback, linklocal, uniquelocal';

/** One entry of TRUST_PROXY: a proxy-addr range name, an address, or an address with its prefix length or mask. */
function isTrustedPeer(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  return rest.length === 0 && isIP(address) !== 0 && (range === undefined || /^\d{1,3}$/.test(range) || isIP(range) !== 0);
}

/** Server configuration, parsed once from the environment. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** The environment the Server Logs page names this deployment by; unset: from NODE_ENV (production: prod, test: test, else dev). */
  LAVO_ENV: z.enum(['dev', 'prod', 'test']).optional(),
  /** Where the API listens: this machine only unless told otherwise (e.g. 0.0.0.0 behind a load balancer). */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL connection string; unset means embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** Root of local state (PGlite files, the local identity provider's store). */
  LAVO_DATA_DIR: z.string().default('.data'),
  /** Seed the demo organization tree and users on first start. */
  SEED_DEMO: bool.default(true),
  /** Milliseconds a report statement may run before the database stops it (the caller gets 503). */
  REPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(DEFAULT_REPORT_STATEMENT_TIMEOUT_MS),
  /** Days of simulated sensor history written once after the demo seed, in the background once the API listens (0: none). */
  DEMO_HISTORY_DAYS: z.coerce.number().min(0).max(3650).default(60),
  /** Seed of the device simulator (demo history and live events); unset means its default. */
  SIMULATOR_SEED: z.coerce.number().int().optional(),
  /** Directory of the built PWA; the server serves it when it exists. */
  STATIC_DIR: z.string().default('dist'),
  COGNITO_REGION: z.string().default('us-east-1'),
  COGNITO_USER_POOL_ID: z.string().optional(),
  COGNITO_CLIENT_ID: z.string().optional(),
  /** Set for a local Cognito-compatible provider (cognito-local); unset means Amazon Cognito. */
  COGNITO_ENDPOINT: z.string().url().optional(),
  PUSHER_APP_ID: z.string().default('lavo-local'),
  PUSHER_KEY: z.string().default('lavo-local-key'),
  /** Unset locally: generated per installation (server/src/secrets.ts). Required in production. */
  PUSHER_SECRET: z.string().min(1).optional(),
  PUSHER_CLUSTER: z.string().default('mt1'),
  /** Host of a self-hosted Pusher-protocol server; unset means Pusher Channels. */
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_USE_TLS: bool.default(false),
  /** What browsers use to reach the Pusher-protocol server (defaults to PUSHER_HOST). */
  PUSHER_PUBLIC_HOST: z.string().optional(),
  /** Secret from which each gateway's ingest token is derived (HMAC of its MAC). Unset locally: generated per installation. Required in production. */
  INGEST_SECRET: z.string().min(16).optional(),
  /** S3 bucket for files (exports, floor plans); unset means a directory under LAVO_DATA_DIR. Region, endpoint and credentials come from the usual AWS environment (AWS_REGION, AWS_ENDPOINT_URL_S3, ...). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** Put before every object key in the bucket, e.g. 'lavo/'. */
  S3_PREFIX: z.string().max(200).default(''),
  /** Milliseconds a data export may run (its query, and on PGlite the copying of its rows) before it is stopped. */
  DATA_EXPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_DATA_EXPORT_TIMEOUT_MS),
  /** On PGlite, milliseconds one statement reading a data export's rows may hold the only connection before it is stopped. */
  DATA_EXPORT_PGLITE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_PGLITE_EXPORT_STATEMENT_TIMEOUT_MS),
  /** Rows a data export writes at most; a longer result is cut there and marked truncated. */
  DATA_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  SUPPORT_URL: z.string().url().default('https://support.lavo.health'),
  /** Sentry's DSN for the app's crash reports (besides the API's own); unset means none go to Sentry. Its host is added to the CSP's connect-src. */
  SENTRY_DSN: z.string().url().startsWith('https://', 'must be an https:// URL').optional(),
  /**
   * Which peers may report the client's address and scheme (X-Forwarded-For, X-Forwarded-Proto):
   * addresses, CIDR ranges or proxy-addr's names ('loopback', 'linklocal', 'uniquelocal'), comma
   * separated; 'true' trusts any peer, 'false' none. Rate limits count by the address it yields.
   */
  TRUST_PROXY: z
    .string()
    .default(DEFAULT_TRUST_PROXY)
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every((entry) => isTrustedPeer(entry.trim())), {
      message: "expected 'true', 'false', or comma-separated addresses, CIDR ranges, loopback, linklocal, uniquelocal",
    })
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SMTP server of the report emails; unset means the local outbox under LAVO_DATA_DIR (mail/outbox.jsonl). */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** The sender of the report emails. */
  SMTP_FROM: z.string().default('Lavo <no-reply@lavo.health>'),
});
export type Env = z.infer<typeof envSchema>;

/** Parses the environment, failing with every invalid variable named. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
