import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { macField } from '../contracts/fields';
import type { Database } from '../db/client';
import { devices, type DeviceRow } from '../db/schema';
import { HttpError } from './http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The gateway a gateway route authenticated (its location names the request in the server log). */
    gateway?: DeviceRow;
  }
}

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

/**
 * The gateway a request comes from. It names itself in X-Gateway-Mac and proves it with
 * `Authorization: Bearer <its token>` (401 otherwise); it must then be a gateway of the fleet and
 * active (403 otherwise: the credentials are sound, the device may not call). Every route that
 * gateways call (ingest, their station, their channels) answers the same way.
 */
export async function authenticateGateway(db: Database, secret: string, request: FastifyRequest): Promise<DeviceRow> {
  const mac = provenGatewayMac(secret, request);
  if (!mac) throw new HttpError(401, 'A gateway MAC (X-Gateway-Mac) and its token are required');
  const [gateway] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.mac, mac), eq(devices.type, 'GATEWAY')));
  if (!gateway) throw new HttpError(403, `Gateway ${mac} is not part of the fleet`);
  if (!gateway.active) throw new HttpError(403, `Gateway ${mac} is inactive`);
  request.gateway = gateway;
  return gateway;
}

/**
 * The MAC a gateway proves with its token, whether the fleet knows it or not (a new gateway
 * announcing itself): 401 as for authenticateGateway when it proves none.
 */
export function authenticateGatewayMac(secret: string, request: FastifyRequest): string {
  const mac = provenGatewayMac(secret, request);
  if (!mac) throw new HttpError(401, 'A gateway MAC (X-Gateway-Mac) and its token are required');
  return mac;
}

/** The MAC a request names in X-Gateway-Mac when its bearer token is that MAC's token; null otherwise. */
export function provenGatewayMac(secret: string, request: FastifyRequest): string | null {
  const mac = macField.safeParse(request.headers['x-gateway-mac']);
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return mac.success && token && isGatewayToken(secret, mac.data, token) ? mac.data : null;
}
