import { hmacHex, md5Hex, safeEqual } from './signatures';

/** Pusher rejects REST calls whose auth_timestamp is further than this from server time. */
export const MAX_CLOCK_SKEW_SECONDS = 600;

export interface SignedRequest {
  method: string;
  /** The request path exactly as sent (what the SDK signed), without the query string. */
  path: string;
  query: URLSearchParams;
  body: Buffer;
}

export type ApiAuthResult = { ok: true } | { ok: false; message: string };

/** The SDK's canonical query: every parameter but auth_signature, keys lowercased, sorted by key. */
export function canonicalQuery(query: URLSearchParams): string {
  return [...query]
    .filter(([key]) => key !== 'auth_signature')
    .map(([key, value]): [string, string] => [key.toLowerCase(), value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** Verifies the auth_* query parameters the `pusher` SDK attaches to every REST call. */
export function verifyApiRequest(
  app: { key: string; secret: string },
  request: SignedRequest,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): ApiAuthResult {
  const { query } = request;
  const authKey = query.get('auth_key');
  if (!authKey || !safeEqual(authKey, app.key)) return { ok: false, message: `Unknown auth_key: ${authKey ?? '(missing)'}` };
  const signature = query.get('auth_signature');
  if (!signature) return { ok: false, message: 'Missing auth_signature' };
  if (query.get('auth_version') !== '1.0') return { ok: false, message: 'auth_version must be 1.0' };
  const timestamp = Number(query.get('auth_timestamp') ?? Number.NaN);
  if (!Number.isInteger(timestamp)) return { ok: false, message: 'Missing or invalid auth_timestamp' };
  if (Math.abs(nowSeconds - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
    return {
      ok: false,
      message: `Timestamp expired: Given timestamp (${timestamp}) not within ${MAX_CLOCK_SKEW_SECONDS}s of server time (${nowSeconds})`,
    };
  }
  const bodyMd5 = query.get('body_md5');
  if (request.body.length > 0 || bodyMd5 !== null) {
    if (!bodyMd5 || !safeEqual(bodyMd5, md5Hex(request.body))) return { ok: false, message: 'body_md5 does not match the request body' };
  }
  const stringToSign = `${request.method.toUpperCase()}\n${request.path}\n${canonicalQuery(query)}`;
  if (!safeEqual(signature, hmacHex(app.secret, stringToSign))) {
    return {
      ok: false,
      message: `Invalid signature: you should have sent HmacSHA256Hex(${JSON.stringify(stringToSign)}, your_secret_key), but you sent "${signature}"`,
    };
  }
  return { ok: true };
}
