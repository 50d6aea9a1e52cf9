import { sql, type SQL } from 'drizzle-orm';
import type { WearableRow, WearableType } from '../../contracts/wearables';
import type { Database } from '../../db/client';
import { shownName } from '../../core/names';
import { userVisibleSql, type ScopeIds } from '../../core/scope';
import { containing, idIn, isoOrNull, macContaining } from '../../core/sql';
import { operationStates, type OperationState } from '../devices';

// Wearables (badges and wristbands) with their current holder and their operation state (firmware,
// settings sync, operations) as the operations pages show it, always read inside a caller's scope.

export interface WearableFilter {
  groupIds: readonly number[];
  types: readonly WearableType[];
  /** Each word must match the MAC (with or without colons), name, code or the visible holder's names. */
  words?: readonly string[];
  assigned?: boolean;
  /** Only this device. */
  id?: number;
}

/** A wearable as the list's query reads it. */
type Listed = {
  id: number; mac: string; code: string | null; name: string; type: WearableType; model_id: number; model_name: string;
  group_id: number; group_name: string; organization_name: string; battery_mv: number | null; battery_percent: number | null;
  last_heartbeat_at: string | Date | null; staged: boolean; active: boolean;
  user_id: number | null; user_name: string | null; first_name: string | null; last_name: string | null; demo: boolean | null;
};

/** Wristbands and badges of some locations with model, firmware, location, current holder and operations. */
export async function listWearables(db: Database, filter: WearableFilter, scope: ScopeIds): Promise<WearableRow[]> {
  if (filter.groupIds.length === 0 || filter.types.length === 0) return [];
  const conditions: SQL[] = [
    sql`d.type in (${sql.join(filter.types.map((t) => sql`${t}`), sql`, `)})`,
    idIn(sql`d.group_id`, filter.groupIds),
  ];
  if (filter.id !== undefined) conditions.push(sql`d.id = ${filter.id}`);
  if (filter.assigned !== undefined) conditions.push(filter.assigned ? sql`ca.user_id is not null` : sql`ca.user_id is null`);
  for (const word of filter.words ?? []) {
    const pattern = containing(word);
    conditions.push(sql`(${macContaining(sql`d.mac`, word)} or d.name ilike ${pattern} or d.code ilike ${pattern}
      or u.user_name ilike ${pattern} or u.first_name ilike ${pattern} or u.last_name ilike ${pattern})`);
  }
  const result = await db.execute<Listed>(sql`
    select d.id, d.mac, d.code, d.name, d.type, d.model_id, m.name as model_name,
           d.group_id, g.name as group_name, o.name as organization_name,
           d.battery_mv, d.battery_percent, d.last_heartbeat_at, d.staged, d.active,
           u.id as user_id, u.user_name, u.first_name, u.last_name, u.demo
    from devices d
    join device_models m on m.id = d.model_id
    join groups g on g.id = d.group_id
    join organizations o on o.id = g.organization_id
    left join lateral (
      select a.user_id from wearable_assignments a
      where a.device_id = d.id and a.unassigned_at is null
      order by a.assigned_at desc, a.id desc limit 1
    ) ca on true
    left join users u on u.id = ca.user_id and ${userVisibleSql(sql`u`, scope)}
    where ${sql.join(conditions, sql` and `)}
    order by d.code nulls last, d.mac`);
  const states = await operationStates(db, result.rows.map((r) => r.id));
  // A wearable deleted between the two reads is left out.
  return result.rows.flatMap((r) => {
    const state = states.get(r.id);
    return state ? [wearableOf(r, state)] : [];
  });
}

/** A listed wearable with its operation state; its firmware versions are those of the state's firmware. */
function wearableOf(r: Listed, state: OperationState): WearableRow {
  return {
    id: r.id,
    mac: r.mac,
    code: r.code,
    name: r.name,
    type: r.type,
    modelId: r.model_id,
    modelName: r.model_name,
    groupId: r.group_id,
    groupName: r.group_name,
    firmwareVersion: state.firmware.current?.version ?? null,
    latestFirmwareVersion: state.firmware.latest?.version ?? null,
    batteryMv: r.battery_mv,
    batteryPercent: r.battery_percent,
    lastHeartbeatAt: isoOrNull(r.last_heartbeat_at),
    staged: r.staged,
    active: r.active,
    user:
      r.user_id === null
        ? null
        : {
            id: r.user_id,
            userName: r.user_name ?? '',
            ...shownName({ demo: r.demo ?? false, firstName: r.first_name ?? '', lastName: r.last_name ?? '' }),
          },
    organizationName: r.organization_name,
    ...state,
  };
}
