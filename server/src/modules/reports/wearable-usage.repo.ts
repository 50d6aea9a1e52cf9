import { sql } from 'drizzle-orm';
import type { WearableManagementRow, WearableUsageRow } from '../../contracts/reports/wearable-reports';
import type { Database } from '../../db/client';
import type { ReportFilter } from '../metrics/filters';
import { hygieneRows } from '../metrics/rollups';
import { idIn, isoOrNull } from '../../core/sql';
import { userDisplayName } from '../../core/names';
import { sessionsOf } from '../metrics/usage';
import { localIso } from '../../core/zoned-time';

// Wearable usage (docs/METRICS.md 'Wearables and staff rounding') per wearer, and the state of each wearable of a set of
// locations for SmartSensor Management.

/**
 * One row per wearer of the filter's organizations (and profession) with a session in the range.
 * Bed visits count at the filter's locations; washes there or with no known location.
 */
export async function wearableUsage(db: Database, filter: ReportFilter): Promise<WearableUsageRow[]> {
  const orgIds = filter.organizationIds ?? [];
  if (orgIds.length === 0) return [];
  const people = await db.execute<{
    id: number; name: string; organization_id: number; profession_code: string | null; time_zone: string;
  }>(sql`
    select u.id, ${userDisplayName} as name, u.organization_id, u.profession_code,
           coalesce(hg.time_zone, dg.time_zone, 'UTC') as time_zone
    from users u
    join organizations o on o.id = u.organization_id
    left join groups hg on hg.id = u.group_id
    left join groups dg on dg.id = o.default_location_id
    where ${idIn(sql`u.organization_id`, orgIds)}
      and ${filter.professionCode ? sql`u.profession_code = ${filter.professionCode}` : sql`true`}`);
  const sessions = await sessionsOf(db, people.rows.map((p) => p.id), filter.range);
  const usage = new Map<number, { ms: number; start: Date }>();
  for (const s of sessions) {
    const seen = usage.get(s.userId);
    const ms = s.end.getTime() - s.start.getTime();
    if (!seen) usage.set(s.userId, { ms, start: s.start });
    else {
      seen.ms += ms;
      if (s.start < seen.start) seen.start = s.start;
    }
  }
  const ids = [...usage.keys()];
  if (ids.length === 0) return [];
  const from = filter.range.from.toISOString();
  const to = filter.range.to.toISOString();
  const [beds, washes, bands] = await Promise.all([
    db.execute<{ user_id: number; n: number }>(sql`
      select b.user_id, count(*)::int as n from bed_visits b
      where ${idIn(sql`b.user_id`, ids)} and b.counted and b.entry_at >= ${from}::timestamptz and b.entry_at < ${to}::timestamptz and ${idIn(sql`b.group_id`, filter.groupIds)}
      group by b.user_id`),
    db.execute<{ user_id: number; n: number; ds: number; dc: number }>(sql`
      select h.user_id, sum(h.wash_count)::int as n, sum(h.duration_sum)::float8 as ds, sum(h.duration_count)::int as dc
      from (${hygieneRows(filter.range)}) h
      where ${idIn(sql`h.user_id`, ids)}
        and (h.group_id = 0 or ${idIn(sql`h.group_id`, filter.groupIds)})
      group by h.user_id`),
    db.execute<{ user_id: number; id: number; code: string | null; mac: string }>(sql`
      select distinct on (a.user_id) a.user_id, d.id, d.code, d.mac
      from wearable_assignments a join devices d on d.id = a.device_id
      where ${idIn(sql`a.user_id`, ids)} and a.assigned_at < ${to}::timestamptz
        and (a.unassigned_at is null or a.unassigned_at > ${from}::timestamptz)
      order by a.user_id, a.assigned_at desc, a.id desc`),
  ]);
  const bedsBy = new Map(beds.rows.map((r) => [r.user_id, Number(r.n)]));
  const washesBy = new Map(washes.rows.map((r) => [r.user_id, r]));
  const bandBy = new Map(bands.rows.map((r) => [r.user_id, r]));
  return people.rows
    .filter((p) => usage.has(p.id))
    .map((p) => {
      const u = usage.get(p.id) as { ms: number; start: Date };
      const w = washesBy.get(p.id);
      const band = bandBy.get(p.id);
      const durations = Number(w?.dc ?? 0);
      return {
        userName: p.name,
        userId: p.id,
        organizationId: p.organization_id,
        profession: p.profession_code,
        usageStartLocal: localIso(u.start, p.time_zone),
        bedVisits: bedsBy.get(p.id) ?? 0,
        handwashes: Number(w?.n ?? 0),
        code: band?.code ?? null,
        wearableMac: band?.mac ?? null,
        wearableId: band?.id ?? null,
        usageMs: u.ms,
        avgHandwashDuration: durations > 0 ? Number(w?.ds ?? 0) / durations : null,
      };
    })
    .sort((a, b) => a.userName.localeCompare(b.userName) || a.userId - b.userId);
}

/**
 * Every wristband and badge of these locations with its latest user (shown only when in the
 * caller's scope), its latest station check-in, and where it was last seen.
 */
export async function wearableManagement(
  db: Database,
  groupIds: readonly number[],
  scope: { organizationIds: readonly number[]; groupIds: readonly number[] },
): Promise<WearableManagementRow[]> {
  if (groupIds.length === 0) return [];
  // Each latest event is one index lookup per wearable, and every step is computed once
  // (materialized): inlined, the planner re-ran them for each wearable, tens of seconds at demo size.
  const result = await db.execute<{
    id: number; code: string | null; mac: string; type: 'WRISTBAND' | 'BADGE'; group_id: number | null;
    user_id: number | null; user_name: string | null; profession_code: string | null;
    checkin_at: string | Date | null; tablet_name: string | null; tablet_group: string | null;
    seen_at: string | Date | null; beacon_name: string | null; beacon_group: string | null;
  }>(sql`
    with w as materialized (
      select d.id, d.code, d.mac, d.type, d.group_id from devices d
      where d.type in ('WRISTBAND', 'BADGE') and ${idIn(sql`d.group_id`, groupIds)}
    ),
    la as materialized (
      select distinct on (a.device_id) a.device_id, a.user_id
      from wearable_assignments a join w on w.id = a.device_id
      order by a.device_id, a.assigned_at desc, a.id desc
    ),
    ci as materialized (
      select w.id as wearable_id, s.ts, s.gateway_id from w
      join lateral (select s.ts, s.gateway_id from station_events s
                    where s.wearable_id = w.id and s.action = 'CHECK_IN'
                    order by s.ts desc, s.event_id desc limit 1) s on true
    ),
    lp as materialized (
      select w.id as wearable_id, p.ts, p.zone_id, p.group_id from w
      join lateral (select p.ts, p.zone_id, p.group_id from presence_events p
                    where p.wearable_id = w.id
                    order by p.ts desc, p.event_id desc limit 1) p on true
    ),
    lb as materialized (
      select w.id as wearable_id, e.ts, e.beacon_id, e.group_id from w
      join lateral (select e.ts, e.beacon_id, e.group_id from bed_events e
                    where e.wearable_id = w.id
                    order by e.ts desc, e.event_id desc limit 1) e on true
    ),
    seen as materialized (
      select w.id as wearable_id,
             case when lb.ts is not null and (lp.ts is null or lb.ts > lp.ts) then lb.ts else lp.ts end as ts,
             case when lb.ts is not null and (lp.ts is null or lb.ts > lp.ts)
                  then (select d.name from devices d where d.id = lb.beacon_id)
                  else coalesce((select d.name from devices d
                                 where d.zone_id = lp.zone_id and d.type = 'BEACON' and d.physical_role = 'ROOM'
                                 order by d.id limit 1),
                                (select z.name from zones z where z.id = lp.zone_id)) end as beacon_name,
             case when lb.ts is not null and (lp.ts is null or lb.ts > lp.ts) then lb.group_id else lp.group_id end as group_id
      from w left join lp on lp.wearable_id = w.id left join lb on lb.wearable_id = w.id
    )
    select w.id, w.code, w.mac, w.type, w.group_id,
           u.id as user_id, case when u.id is null then null else ${userDisplayName} end as user_name, u.profession_code,
           ci.ts as checkin_at, coalesce(gw.station, gw.name) as tablet_name, gg.name as tablet_group,
           seen.ts as seen_at, case when seen.ts is null then null else seen.beacon_name end as beacon_name,
           sg.name as beacon_group
    from w
    left join la on la.device_id = w.id
    left join users u on u.id = la.user_id
      and (${idIn(sql`u.organization_id`, scope.organizationIds)} or ${idIn(sql`u.group_id`, scope.groupIds)})
    left join ci on ci.wearable_id = w.id
    left join devices gw on gw.id = ci.gateway_id
    left join groups gg on gg.id = gw.group_id
    left join seen on seen.wearable_id = w.id
    left join groups sg on sg.id = seen.group_id
    order by w.code nulls last, w.mac`);
  return result.rows.map((r) => ({
    code: r.code,
    mac: r.mac,
    wearableId: r.id,
    type: r.type,
    groupId: r.group_id,
    lastUserName: r.user_name,
    lastUserId: r.user_id,
    lastUserProfession: r.profession_code,
    lastCheckinTime: isoOrNull(r.checkin_at),
    lastTabletName: r.tablet_name,
    lastTabletGroup: r.tablet_group,
    lastLocationTime: isoOrNull(r.seen_at),
    lastBeaconName: r.beacon_name,
    lastBeaconGroup: r.beacon_group,
  }));
}
