import path from 'node:path';
import Pusher from 'pusher';
import type { RuntimeConfig } from './contracts/config';
import type { Env } from './env';
import { createIdentityAdmin } from './identity/identity-admin';
import { createTokenVerifier, issuerFor } from './identity/verifier';

/** The identity provider settings the server cannot start without. */
export function identitySettings(env: Env) {
  if (!env.COGNITO_USER_POOL_ID || !env.COGNITO_CLIENT_ID) {
    throw new Error('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set (npm start sets them for the local provider)');
  }
  return { userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID };
}

/** Token verification against the configured provider's keys. */
export function verifierFromEnv(env: Env) {
  const { userPoolId, clientId } = identitySettings(env);
  return createTokenVerifier({
    issuer: issuerFor({ region: env.COGNITO_REGION, userPoolId, endpoint: env.COGNITO_ENDPOINT }),
    clientId,
  });
}

/** The identity provider's admin API for the configured pool (AWS credentials from the default chain). */
export function identityAdminFromEnv(env: Env) {
  const { userPoolId, clientId } = identitySettings(env);
  return createIdentityAdmin({ region: env.COGNITO_REGION, userPoolId, clientId, endpoint: env.COGNITO_ENDPOINT });
}

/** The server-side Pusher SDK: Pusher Channels, or a self-hosted Pusher-protocol server when PUSHER_HOST is set. */
export function pusherFromEnv(env: Env, secret: string): Pusher {
  return new Pusher({
    appId: env.PUSHER_APP_ID,
    key: env.PUSHER_KEY,
    secret,
    useTLS: env.PUSHER_USE_TLS,
    ...(env.PUSHER_HOST
      ? { host: env.PUSHER_HOST, ...(env.PUSHER_PORT ? { port: String(env.PUSHER_PORT) } : {}) }
      : { cluster: env.PUSHER_CLUSTER }),
  });
}

/** What the browser app reads from /config.json. */
export function runtimeConfigFromEnv(env: Env): RuntimeConfig {
  const { userPoolId, clientId } = identitySettings(env);
  const wsHost = env.PUSHER_PUBLIC_HOST ?? env.PUSHER_HOST ?? null;
  return {
    apiBaseUrl: '/api',
    apiV2BaseUrl: '/api/v2',
    cognito: { region: env.COGNITO_REGION, userPoolId, userPoolClientId: clientId, endpoint: env.COGNITO_ENDPOINT ?? null },
    pusher: {
      key: env.PUSHER_KEY,
      cluster: env.PUSHER_CLUSTER,
      wsHost,
      wsPort: wsHost ? (env.PUSHER_PORT ?? null) : null,
      forceTLS: env.PUSHER_USE_TLS,
    },
    supportUrl: env.SUPPORT_URL,
    sentryDsn: env.SENTRY_DSN ?? null,
  };
}

/** Where PGlite keeps its files under the data directory. */
export const pgliteDirOf = (env: Env) => path.resolve(env.LAVO_DATA_DIR, 'pglite');
