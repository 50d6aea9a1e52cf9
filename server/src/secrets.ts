import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The secrets of one installation: the gateways' ingest tokens derive from `ingestSecret`, and the
 * local Pusher-protocol server signs channels with `pusherSecret`. None has a default anyone could
 * read in this repository: locally they are generated at first start and kept under the data
 * directory (readable by its owner only); production sets them in the environment.
 */
export interface InstallationSecrets {
  ingestSecret: string;
  pusherSecret: string;
}

const secretsFileSchema = z.object({ ingestSecret: z.string().min(32), pusherSecret: z.string().min(32) });

/** Values that were ever written in this repository (old defaults, test fixtures): never a production secret. */
export const KNOWN_DEFAULT_SECRETS: ReadonlySet<string> = new Set([
  'lavo-local-ingest-secret',
  'lavo-local-secret',
  'lavo-test-ingest-secret',
  'lavo-test-secret',
  'bench-ingest-secret-0000',
  'bench',
  'secret',
  'changeme',
]);

/** Where the installation's generated secrets are kept. */
export const secretsFileOf = (dataDir: string) => path.resolve(dataDir, 'secrets.json');

const newSecret = () => randomBytes(32).toString('hex');

/** The installation's secrets under `dataDir`, generated on first use (file mode 0600). */
export function localSecrets(dataDir: string): InstallationSecrets {
  const file = secretsFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': when several processes start together, the first one's secrets are everyone's.
    writeFileSync(file, JSON.stringify({ ingestSecret: newSecret(), pusherSecret: newSecret() }, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    chmodSync(file, 0o600);
  }
  return secretsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The environment variable of each secret. */
const VARIABLES = { ingestSecret: 'INGEST_SECRET', pusherSecret: 'PUSHER_SECRET' } as const;
type SecretName = keyof typeof VARIABLES;

interface SecretSources {
  NODE_ENV: string;
  LAVO_DATA_DIR: string;
  INGEST_SECRET?: string;
  PUSHER_SECRET?: string;
}

/** What is wrong with a production secret, or null when it will do. */
function productionProblem(variable: string, value: string | undefined): string | null {
  if (!value) return `${variable} is not set`;
  if (KNOWN_DEFAULT_SECRETS.has(value)) return `${variable} is a known default value`;
  if (value.length < 16) return `${variable} is shorter than 16 characters`;
  return null;
}

/**
 * The given secrets the process runs with. In production each must be set and must not be a
 * known default, or this throws naming every variable at fault; elsewhere an unset one comes from
 * `localSecrets`.
 */
export function resolveSecrets<N extends SecretName>(env: SecretSources, names: readonly N[]): Pick<InstallationSecrets, N> {
  const given = (name: SecretName) => env[VARIABLES[name]] || undefined;
  if (env.NODE_ENV === 'production') {
    const problems = names.map((name) => productionProblem(VARIABLES[name], given(name))).filter((p): p is string => p !== null);
    if (problems.length) throw new Error(`Refusing to start in production: ${problems.join('; ')}. Set each to a long random value.`);
  }
  const local = names.every((name) => given(name)) ? null : localSecrets(env.LAVO_DATA_DIR);
  return Object.fromEntries(names.map((name) => [name, given(name) ?? local![name]])) as Pick<InstallationSecrets, N>;
}
