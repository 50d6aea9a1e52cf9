/**
 * Amazon Cognito puts an `origin_jti` claim in the access and id tokens of one sign-in, and keeps
 * it in the tokens a refresh of that sign-in issues. Amplify's signOut calls RevokeToken only
 * when the access token has origin_jti, so without it a signed-out refresh token would keep
 * working. cognito-local 5.3 issues no origin_jti; its token generator signs the access, id and
 * refresh token one after another in one synchronous step, so wrapping jsonwebtoken's sign gives
 * the three the same origin. The refresh token carries it too, so a refresh can keep it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { jsonwebtoken } from './internals';

const refreshOrigin = new AsyncLocalStorage<string>();
let pairOrigin: string | undefined;

function isClaims(payload: unknown): payload is Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload);
}

const sign = jsonwebtoken.sign;
jsonwebtoken.sign = (payload, key, options, callback) => {
  if (isClaims(payload)) {
    if (payload.token_use === 'access') {
      pairOrigin = refreshOrigin.getStore() ?? randomUUID();
      payload = { ...payload, origin_jti: pairOrigin };
    } else if (payload.token_use === 'id') {
      payload = { ...payload, origin_jti: pairOrigin ?? randomUUID() };
    } else if ('cognito:username' in payload && pairOrigin) {
      // The refresh token, signed last.
      payload = { ...payload, origin_jti: pairOrigin };
      pairOrigin = undefined;
    }
  }
  return sign(payload, key, options, callback);
};

/** Runs a refresh so that the tokens it issues keep the origin of `refreshToken`. */
export function withRefreshOrigin<T>(refreshToken: string | undefined, run: () => Promise<T>): Promise<T> {
  const claims = refreshToken ? jsonwebtoken.decode(refreshToken) : undefined;
  const origin = isClaims(claims) && typeof claims.origin_jti === 'string' ? claims.origin_jti : undefined;
  return origin ? refreshOrigin.run(origin, run) : run();
}
