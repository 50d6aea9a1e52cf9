import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeviceType } from '../../contracts/devices';
import type { GroupActivity } from '../../contracts/reports/dispensers';
import type { Database } from '../../db/client';
import { DISPENSE_HOUR_COLUMNS } from '../../db/enums';
import { devices, groups } from '../../db/schema';
import { dayBetween, type DayRange } from '../metrics/filters';
import { idIn } from '../../core/sql';
import { activityLevel } from './dispensers.repo';

// One location's dispensers on its floor plan, one dispenser's hours, and a location's devices:
// the Dispenser Activity Report's calls. Callers check the location is in the caller's scope.

/** A location's floor plan, or undefined when there is no such location. */
export async function findGroup(db: Database, groupId: number): Promise<{ id: number; floorplanImage: string | null } | undefined> {
  const [group] = await db
    .select({ id: groups.id, floorplanImage: groups.floorplanImage })
    .from(groups)
    .where(eq(groups.id, groupId));
  return group;
}

/** A dispenser's location, or undefined when there is no such dispenser. */
export async function findDispenser(db: Database, dispenserId: number): Promise<{ id: number; groupId: number | null } | undefined> {
  const [dispenser] = await db
    .select({ id: devices.id, groupId: devices.groupId })
    .from(devices)
    .where(and(eq(devices.id, dispenserId), eq(devices.type, 'DISPENSER')));
  return dispenser;
}

/**
 * The dispensers now in the location with their dispenses there in the range, the last one's time,
 * and their activity level against the busiest of them.
 */
export async function groupActivity(db: Database, groupId: number, floorplanImage: string | null, range: DayRange): Promise<GroupActivity> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const result = await db.execute<{
    id: number; name: string; role: string | null; created_at: string; x: number | null; y: number | null; n: number | string; last: string | null;
  }>(sql`
    with c as (
      select d.dispenser_id, sum(d.dispense_count)::int as n
      from dispense_daily d
      where ${dayBetween(sql`d.day`, range)} and d.group_id = ${groupId}
      group by d.dispenser_id
    )
    select dv.id, dv.name, dv.role, dv.x, dv.y, coalesce(c.n, 0)::int as n,
           to_char(dv.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           (select to_char(max(e.ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              from dispense_events e
              where e.dispenser_id = dv.id and e.group_id = ${groupId}
                and e.ts >= ${from}::timestamptz and e.ts < ${to}::timestamptz) as last
    from devices dv
    left join c on c.dispenser_id = dv.id
    where dv.type = 'DISPENSER' and dv.group_id = ${groupId}
    order by dv.name, dv.id`);
  const max = Math.max(0, ...result.rows.map((r) => Number(r.n)));
  return {
    floorplanImage,
    dispensers: result.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      role: r.role === 'Soap' ? 'Soap' : 'Sanitizer',
      count: Number(r.n),
      lastDispense: r.last,
      createdAt: r.created_at,
      x: r.x === null ? null : Number(r.x),
      y: r.y === null ? null : Number(r.y),
      activityLevel: activityLevel(Number(r.n), max),
    })),
  };
}

/** One dispenser's dispenses per local hour of day over the range, counting those in these locations. */
export async function dispenserHourly(
  db: Database,
  dispenserId: number,
  groupIds: readonly number[],
  range: DayRange,
): Promise<{ hour: number; count: number }[]> {
  const sums = sql.raw(DISPENSE_HOUR_COLUMNS.map((h) => `coalesce(sum(d.${h}), 0)::int as ${h}`).join(', '));
  const result = await db.execute<Record<string, number | string | null>>(sql`
    select ${sums} from dispense_daily d
    where d.dispenser_id = ${dispenserId} and ${dayBetween(sql`d.day`, range)} and ${idIn(sql`d.group_id`, groupIds)}`);
  const row = result.rows[0];
  return DISPENSE_HOUR_COLUMNS.map((h, hour) => ({ hour, count: Number(row?.[h] ?? 0) }));
}

/** A location's devices, narrowed to these types, roles and model when given. */
export async function groupDevices(
  db: Database,
  groupId: number,
  opts: { types: readonly DeviceType[]; roles: readonly string[]; modelId?: number | undefined },
) {
  const conditions: SQL[] = [eq(devices.groupId, groupId)];
  if (opts.types.length) conditions.push(inArray(devices.type, [...opts.types]));
  if (opts.roles.length) conditions.push(inArray(devices.role, [...opts.roles]));
  if (opts.modelId !== undefined) conditions.push(eq(devices.modelId, opts.modelId));
  const rows = await db
    .select({
      id: devices.id,
      mac: devices.mac,
      name: devices.name,
      role: devices.role,
      x: devices.x,
      y: devices.y,
      groupId: devices.groupId,
      type: devices.type,
    })
    .from(devices)
    .where(and(...conditions))
    .orderBy(asc(devices.name), asc(devices.id));
  return rows.map((r) => ({ ...r, groupId }));
}
