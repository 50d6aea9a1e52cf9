import type { PermissionSubject } from '../../../../server/src/contracts/permissions';
import type { Database } from '../../../../server/src/db/client';
import { devices, type DeviceRow } from '../../../../server/src/db/schema';
import type { createTestApp, Tokens } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { createScopedAccount as createScopedAccountIn } from '../../helpers/scoped-account';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** St. Mary's ICU – 3 North and – 3 South (organization 5), and Emergency – Ground Floor (organization 6). */
export const ICU_NORTH = 6;
export const ICU_SOUTH = 7;
export const EMERGENCY = 8;
/** The demo's badge models and its wristband model. */
export const REV_C = 5;
export const REV_D = 6;
export const ZEPHYR = 7;

/** A narrowly scoped administrator of the network organization (account type LAVO). */
export const createScopedAccount = (db: Database, { subjects, groupIds }: { subjects: readonly PermissionSubject[]; groupIds: readonly number[] }) =>
  createScopedAccountIn(db, { subjects, groupIds, label: 'wearables-admin' });

/** A new wearable of a location, assigned to nobody. */
export async function addWearable(db: Database, groupId: number, type: 'BADGE' | 'WRISTBAND' = 'BADGE'): Promise<DeviceRow> {
  const mac = uniqueMac();
  const [row] = await db
    .insert(devices)
    .values({ mac, type, name: `${type === 'BADGE' ? 'Badge' : 'Wristband'} ${mac.slice(-5)}`, groupId, modelId: type === 'BADGE' ? REV_D : ZEPHYR })
    .returning();
  if (!row) throw new Error('wearable not created');
  return row;
}

/** A call of the API as the holder of `tokens`; query values are sent as given (arrays comma-joined). */
export function call(
  app: TestApp,
  tokens: Tokens,
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Record<string, string | number | boolean | number[] | undefined>; body?: unknown; headers?: Record<string, string> } = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(opts.query ?? {})) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString() ? `?${params}` : '';
  return app.inject({
    method,
    url: `/api/${path}${search}`,
    headers: { authorization: tokens.idToken, ...opts.headers },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}
