import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `payload` keyed with `secret`, as lowercase hex. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** MD5 of a request body as lowercase hex (the SDK's `body_md5`). */
export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Constant-time string equality; never short-circuits on the first differing byte. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // timingSafeEqual throws on length mismatch, so compare against self to keep the timing flat.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** The string a channel subscription signature covers: `socket_id:channel[:channel_data]`. */
export function channelStringToSign(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

export type ChannelAuthResult = { ok: true } | { ok: false; message: string };

/** Checks a subscription `auth` value (`key:hex`) against the app's key and secret. */
export function verifyChannelAuth(
  app: { key: string; secret: string },
  auth: string | undefined,
  socketId: string,
  channel: string,
  channelData?: string,
): ChannelAuthResult {
  if (!auth) return { ok: false, message: `Auth value for subscription to ${channel} is invalid: should be of format 'key:signature'` };
  const separator = auth.indexOf(':');
  if (separator <= 0) return { ok: false, message: `Auth value for subscription to ${channel} is invalid: should be of format 'key:signature'` };
  const key = auth.slice(0, separator);
  const signature = auth.slice(separator + 1);
  if (!safeEqual(key, app.key)) return { ok: false, message: `Invalid key in subscription auth data: '${key}'` };
  const stringToSign = channelStringToSign(socketId, channel, channelData);
  if (!safeEqual(signature, hmacHex(app.secret, stringToSign))) {
    return { ok: false, message: `Invalid signature: Expected HMAC SHA256 hex digest of ${stringToSign}, but got ${signature}` };
  }
  return { ok: true };
}
