import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A gateway's ingest token: the hex HMAC-SHA256 of its MAC under the server's INGEST_SECRET. It is
 * provisioned onto the gateway once; the server keeps no per-gateway secret.
 */
export function gatewayToken(secret: string, mac: string): string {
  return createHmac('sha256', secret).update(mac.trim().toUpperCase()).digest('hex');
}

/** Whether `token` is the gateway's token, compared in constant time. */
export function isGatewayToken(secret: string, mac: string, token: string): boolean {
  const expected = Buffer.from(gatewayToken(secret, mac), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
