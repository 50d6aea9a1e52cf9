// First: it configures zod for the Content-Security-Policy before any schema is built.
import './zod-csp';
import { runtimeConfigSchema, type RuntimeConfig } from '@contracts/config';

let current: RuntimeConfig | undefined;
let pending: Promise<RuntimeConfig> | undefined;

/** Fetches and validates /config.json once (pool ids are created at server start, so never baked in). */
export function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  pending ??= (async () => {
    const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Could not load the app configuration (HTTP ${response.status}).`);
    const parsed = runtimeConfigSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('The app configuration is invalid.');
    current = parsed.data;
    return parsed.data;
  })();
  // A failed load may be retried (e.g. once the network is back).
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** The loaded runtime configuration; throws if loadConfig has not finished. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded yet.');
  return current;
}

/** Sets the configuration directly (tests, and callers that already validated one). */
export function setConfig(config: RuntimeConfig): void {
  current = config;
  pending = Promise.resolve(config);
}
