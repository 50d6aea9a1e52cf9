import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import Pusher from 'pusher';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../../../server/src/app';
import { linkDemoIdentities } from '../../../server/src/db/demo/identities';
import type { DemoHistoryTracker } from '../../../server/src/modules/demo-history/demo-history.service';
import { createIdentityAdmin, type IdentityAdmin } from '../../../server/src/identity/identity-admin';
import { localCognitoClient } from '../../../server/src/identity/provision';
import { createTokenVerifier, issuerFor } from '../../../server/src/identity/verifier';
import type { FileStorage } from '../../../server/src/storage';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The ingest secret of the test server, from which each gateway's token is derived. */
export const TEST_INGEST_SECRET = 'lavo-test-ingest-secret';

export const PUSHER_TEST_APP = { appId: 'lavo-test', key: 'lavo-test-key', secret: 'lavo-test-secret' };

/** The admin API of the real local identity provider. */
export function testIdentityAdmin(): IdentityAdmin {
  const identity = inject('identity');
  return createIdentityAdmin({ region: 'us-east-1', userPoolId: identity.userPoolId, clientId: identity.clientId, endpoint: identity.endpoint });
}

/**
 * The API server on a fresh, seeded test database whose demo users are linked to the demo accounts
 * of the real local identity provider, verifying its tokens; `identityAdmin` replaces its admin
 * API (to make the provider fail, say); with `staticDir` it serves the built app found there;
 * `reportStatementTimeoutMs` is how long a report statement may run (the server's default otherwise);
 * `demoHistory` is what GET /api/demo-history answers from.
 */
export async function createTestApp(
  opts: {
    pusherPort?: number;
    identityAdmin?: IdentityAdmin;
    staticDir?: string;
    reportStatementTimeoutMs?: number;
    demoHistory?: DemoHistoryTracker;
    /** The request log's environment and publishing limits. */
    serverLog?: AppDeps['serverLog'];
    /** Run the persistent jobs (exports); off by default, so a queued export waits and changes nothing behind a test's back. */
    runJobs?: boolean;
    /** Queue the daily retention purge (off by default: it would purge a test's old events behind its back). */
    retentionSchedule?: boolean;
    /** Where files go; a scratch directory of the test otherwise. */
    storage?: FileStorage;
    /** Data exports' time and row limits. */
    dataExports?: { timeoutMs: number; maxRows: number };
    /** The database of an earlier test app, to build another server on it (a restart); closing this app leaves it open. */
    database?: TestDatabase;
  } = {},
) {
  const identity = inject('identity');
  const database = opts.database ?? (await createTestDatabase({ reportStatementTimeoutMs: opts.reportStatementTimeoutMs }));
  if (!opts.database) await linkDemoIdentities(database.handle.db, identity.subjects);
  const pusher = new Pusher({ ...PUSHER_TEST_APP, host: '127.0.0.1', port: String(opts.pusherPort ?? 1), useTLS: false });
  const app = await buildApp({
    db: database.handle.db,
    reportDb: database.handle.reportDb,
    exports: database.handle.exports,
    verifier: createTokenVerifier({
      issuer: issuerFor({ region: 'us-east-1', userPoolId: identity.userPoolId, endpoint: identity.endpoint }),
      clientId: identity.clientId,
    }),
    identity: opts.identityAdmin ?? testIdentityAdmin(),
    pusher,
    ingestSecret: TEST_INGEST_SECRET,
    staticDir: opts.staticDir,
    demoHistory: opts.demoHistory,
    serverLog: opts.serverLog,
    storage: opts.storage,
    runJobs: opts.runJobs ?? false,
    retentionSchedule: opts.retentionSchedule ?? false,
    dataExports: opts.dataExports,
    runtimeConfig: {
      apiBaseUrl: '/api',
      apiV2BaseUrl: '/api/v2',
      cognito: { region: 'us-east-1', userPoolId: identity.userPoolId, userPoolClientId: identity.clientId, endpoint: identity.endpoint },
      pusher: { key: PUSHER_TEST_APP.key, cluster: 'mt1', wsHost: 'localhost', wsPort: 6001, forceTLS: false },
      supportUrl: 'https://support.example',
    },
  });
  return {
    app,
    pusher,
    db: database.handle.db,
    reportDb: database.handle.reportDb,
    database,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

export interface Tokens {
  idToken: string;
  accessToken: string;
}

/** Signs in to the real local identity provider with a password. */
export async function signIn(email: string, password = 'Demo!2345'): Promise<Tokens> {
  const identity = inject('identity');
  const result = await localCognitoClient(identity.endpoint).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const auth = result.AuthenticationResult;
  if (!auth?.IdToken || !auth.AccessToken) throw new Error(`No tokens for ${email}`);
  return { idToken: auth.IdToken, accessToken: auth.AccessToken };
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** GET /api/bootstrap as the holder of `idToken`. */
export function requestBootstrap(app: TestApp, idToken: string | undefined, username: string, loginType = 'WEB_APP') {
  return app.inject({
    method: 'GET',
    url: '/api/bootstrap',
    query: { username, loginType },
    headers: idToken ? { authorization: idToken } : {},
  });
}

/** The database id of a signed-in user, as bootstrap reports it. */
export async function userIdOf(app: TestApp, idToken: string, username: string): Promise<number> {
  const res = await requestBootstrap(app, idToken, username);
  if (res.statusCode !== 200) throw new Error(`bootstrap for ${username} answered ${res.statusCode}`);
  return res.json().user.id;
}
