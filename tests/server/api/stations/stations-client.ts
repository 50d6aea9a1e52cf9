import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { PermissionSubject } from '../../../../server/src/contracts/permissions';
import type { Database } from '../../../../server/src/db/client';
import { devices, wearableAssignments, type DeviceRow, type UserRow } from '../../../../server/src/db/schema';
import { gatewayToken } from '../../../../server/src/core/gateway-auth';
import { TEST_INGEST_SECRET, type createTestApp, type Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** Demo locations: ICU – 3 North and – 3 South (St. Mary's ICU), Emergency – Ground Floor, ICU – 2 North (Riverside). */
export const ICU_NORTH = 6;
export const ICU_SOUTH = 7;
export const EMERGENCY = 8;
export const RIVERSIDE_ICU = 15;
/** Demo hospitals' locations and organizations. */
export const ST_MARYS_GROUP = 2;
export const ST_MARYS_ORG = 3;
/** The network organization (account type LAVO). */
export const NETWORK_ORG = 2;

/**
 * A signed-in user holding only `subjects` and managing only `groupIds`, of `organizationId`
 * (the network, account type LAVO, unless told otherwise): a narrowly scoped station operator.
 */
export const createStationsAccount = (
  db: Database,
  options: { subjects: readonly PermissionSubject[]; groupIds: readonly number[]; organizationId?: number },
): Promise<{ user: UserRow; tokens: Tokens }> => createScopedAccount(db, { ...options, label: 'stations', name: { firstName: 'Stella', lastName: 'Station' } });

type Query = Record<string, string | number | undefined>;

/** A console call as the holder of `tokens`, answering status and parsed body. */
export async function call(app: TestApp, tokens: Tokens, method: 'GET' | 'POST', path: string, opts: { query?: Query; body?: unknown } = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(opts.query ?? {})) if (value !== undefined) params.set(key, String(value));
  const res = await app.inject({
    method,
    url: `/api/${path}${params.size ? `?${params}` : ''}`,
    headers: { authorization: tokens.idToken },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A call as a gateway: its MAC and its token (or the token given). */
export async function gatewayCall(
  app: TestApp,
  mac: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: Record<string, string>; form?: boolean } = {},
) {
  const token = opts.token ?? gatewayToken(TEST_INGEST_SECRET, mac);
  const res = await app.inject({
    method,
    url: `/api/${path}`,
    headers: {
      'x-gateway-mac': mac,
      authorization: `Bearer ${token}`,
      ...(opts.body ? { 'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
    },
    ...(opts.body === undefined ? {} : { payload: opts.form ? new URLSearchParams(opts.body).toString() : opts.body }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A seeded kiosk gateway by name ('Kiosk 3N'). */
export async function kiosk(db: Database, name: string): Promise<DeviceRow> {
  const [row] = await db.select().from(devices).where(and(eq(devices.name, name), eq(devices.type, 'GATEWAY')));
  if (!row) throw new Error(`no gateway named ${name}`);
  return row;
}

/** The active wristbands whose home station is the gateway, in id order. */
export function wristbandsAt(db: Database, gatewayId: number): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.type, 'WRISTBAND'), eq(devices.active, true), eq(devices.gatewayId, gatewayId)))
    .orderBy(asc(devices.id));
}

/** Every assignment row of a wearable, oldest first. */
export function assignmentsOf(db: Database, deviceId: number) {
  return db.select().from(wearableAssignments).where(eq(wearableAssignments.deviceId, deviceId)).orderBy(asc(wearableAssignments.id));
}

/** The open assignment rows of a user. */
export function openOfUser(db: Database, userId: number) {
  return db
    .select()
    .from(wearableAssignments)
    .where(and(eq(wearableAssignments.userId, userId), isNull(wearableAssignments.unassignedAt)));
}

/** How many assignment rows exist in all. */
export async function assignmentCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wearableAssignments);
  return Number(row?.n ?? 0);
}
