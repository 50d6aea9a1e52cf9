import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { macSchema } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import { devices, type DeviceRow } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { isGatewayToken } from './gateway-auth';

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
  return gateway;
}

/** The MAC a request names in X-Gateway-Mac when its bearer token is that MAC's token; null otherwise. */
export function provenGatewayMac(secret: string, request: FastifyRequest): string | null {
  const mac = macSchema.safeParse(request.headers['x-gateway-mac']);
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return mac.success && token && isGatewayToken(secret, mac.data, token) ? mac.data : null;
}
