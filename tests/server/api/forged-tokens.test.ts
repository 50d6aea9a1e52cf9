import { createSign } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, signIn } from '../helpers/app';
import { claimsOf } from '../helpers/identity';

const require = createRequire(import.meta.url);
/** The private key cognito-local publishes in its package: anyone can read it. */
const PUBLISHED_KEY = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem;

/** A JWT signed RS256 with `pem`, as anyone holding that key could make one. */
function forge(claims: Record<string, unknown>, pem: string, kid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(claims)}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(pem, 'base64url')}`;
}

describe('tokens the local identity provider did not issue', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const bootstrap = (idToken: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/bootstrap', query: { username: 'admin@demo.health', loginType: 'WEB_APP' }, headers: { authorization: idToken } });

  it('refuses an id token signed with the key published in the cognito-local package, claims and all correct', async () => {
    const genuine = await signIn('admin@demo.health');
    expect((await bootstrap(genuine.idToken)).statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...claimsOf(genuine.idToken), iat: now, exp: now + 3600 };
    for (const kid of ['CognitoLocal', String(JSON.parse(Buffer.from(genuine.idToken.split('.')[0]!, 'base64url').toString()).kid)]) {
      const res = await bootstrap(forge(claims, PUBLISHED_KEY, kid));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid or expired token');
    }
  });

  it('signs with a key pair of this installation, kept readable by its owner only, and publishes only that key', async () => {
    const { dataDir, endpoint, userPoolId } = inject('identity');
    const file = path.join(dataDir, 'cognito', 'signing-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const own = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; jwk: { n: string } };
    const jwks = (await (await fetch(`${endpoint}/${userPoolId}/.well-known/jwks.json`)).json()) as { keys: { kid: string; n: string }[] };
    expect(jwks.keys.map((k) => [k.kid, k.n])).toEqual([[own.kid, own.jwk.n]]);
    const published = (require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: { n: string } }).jwk.n;
    expect(published).not.toBe(own.jwk.n);
    const header = JSON.parse(Buffer.from((await signIn('nurse@demo.health')).idToken.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(header.kid).toBe(own.kid);
  });
});
