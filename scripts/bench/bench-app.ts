import Pusher from 'pusher';
import { buildApp } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/client';
import { linkDemoIdentities } from '../../server/src/db/demo/identities';
import type { IdentityAdmin } from '../../server/src/identity/identity-admin';
import type { TokenVerifier } from '../../server/src/identity/verifier';

/** The token the benchmark sends: it stands for the provider administrator, who sees everything. */
export const BENCH_TOKEN = 'bench-admin';
const BENCH_SUBJECT = 'bench-admin-sub';
/** The INGEST_SECRET of the benchmark's server: gateways' tokens are derived from it. */
export const BENCH_INGEST_SECRET = 'bench-ingest-secret-0000';

// The benchmark measures the report routes, not sign-in: its verifier accepts one fixed token as
// the demo administrator, so no identity provider has to run beside it.
const benchVerifier: TokenVerifier = {
  async verifyIdToken(token) {
    if (token !== BENCH_TOKEN) throw new Error('not the benchmark token');
    return { sub: BENCH_SUBJECT, token_use: 'id', 'cognito:username': 'admin@demo.health', email: 'admin@demo.health' };
  },
  async verifyAccessToken() {
    throw new Error('the benchmark uses id tokens only');
  },
};

const noIdentityAdmin = new Proxy({} as IdentityAdmin, {
  get: () => () => Promise.reject(new Error('no identity provider in the benchmark')),
});

/** The real API server over the handle's databases, answering the benchmark's token as the demo administrator. */
export async function benchApp({ db, reportDb, exports }: Pick<DatabaseHandle, 'db' | 'reportDb' | 'exports'>) {
  await linkDemoIdentities(db, { 'admin@demo.health': BENCH_SUBJECT });
  return buildApp({
    db,
    reportDb,
    exports,
    verifier: benchVerifier,
    identity: noIdentityAdmin,
    pusher: new Pusher({ appId: 'bench', key: 'bench', secret: 'bench', host: '127.0.0.1', port: '1', useTLS: false }),
    ingestSecret: BENCH_INGEST_SECRET,
    runtimeConfig: {
      apiBaseUrl: '/api',
      apiV2BaseUrl: '/api/v2',
      cognito: { region: 'us-east-1', userPoolId: 'bench', userPoolClientId: 'bench', endpoint: null },
      pusher: { key: 'bench', cluster: 'mt1', wsHost: 'localhost', wsPort: 1, forceTLS: false },
      supportUrl: 'https://support.example',
    },
  });
}
