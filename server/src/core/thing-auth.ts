import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { THING_ID_HEADER } from '../contracts/iot';
import { HttpError } from './http-error';

// A thing's credentials in the local stand-in (docs/IOT.md 'Credentials'): it names itself by its
// serial number in X-Thing-Id and proves it with `Authorization: Bearer <its token>`, the hex
// HMAC-SHA256 of 'thing:' and its serial number under the server's INGEST_SECRET, provisioned once.
// The prefix keeps a thing's token from ever being a gateway's.

/** A thing's token. */
export function thingToken(secret: string, awsId: string): string {
  return createHmac('sha256', secret).update(`thing:${awsId}`).digest('hex');
}

function isThingToken(secret: string, awsId: string, token: string): boolean {
  const expected = Buffer.from(thingToken(secret, awsId), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The serial number a request names in X-Thing-Id when its bearer token is that thing's token; null otherwise. */
export function provenThingId(secret: string, request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers[THING_ID_HEADER];
  const awsId = typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : null;
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return awsId && token && isThingToken(secret, awsId, token) ? awsId : null;
}

/** The thing a request comes from: 401 without sound credentials, 403 when no thing of the fleet has that serial number. */
export async function authenticateThing<T>(things: { thingByAwsId(awsId: string): Promise<T | null> }, secret: string, request: FastifyRequest): Promise<T> {
  const awsId = provenThingId(secret, request);
  if (!awsId) throw new HttpError(401, 'A thing id (X-Thing-Id) and its token are required');
  const thing = await things.thingByAwsId(awsId);
  if (!thing) throw new HttpError(403, `Thing ${awsId} is not part of the fleet`);
  return thing;
}
