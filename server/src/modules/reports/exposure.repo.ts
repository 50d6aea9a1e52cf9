import { sql } from 'drizzle-orm';
import type { ExposureInteraction, ExposureUser } from '../../contracts/reports/exposure';
import type { Database } from '../../db/client';
import { idIn } from '../metrics/filters';
import { userDisplayName } from '../metrics/names';

// Exposure (docs/METRICS.md §8) from the derived visits, counted or not: two users' stays in the
// same room overlap for more than 30 s and less than 2 h. An overlap belongs to the span its start
// (the later entry) falls in. Stays are at most 12 hours, so visits entered up to 12 hours before
// the span can still overlap inside it.

export interface ExposureSpan {
  from: Date;
  to: Date;
}

export interface ExposureSelection {
  /** Staff whose visits count: users of these organizations. */
  organizationIds: readonly number[];
  /** Rooms at these locations. */
  groupIds: readonly number[];
  /** Contact tracing of one user: their visits count whatever their organization, and only their contacts are listed. */
  userId?: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Every qualifying overlap, once from each side (or only from `userId`'s side), oldest first. */
export async function exposureInteractions(db: Database, span: ExposureSpan, sel: ExposureSelection): Promise<ExposureInteraction[]> {
  if (sel.groupIds.length === 0) return [];
  const from = span.from.toISOString();
  const to = span.to.toISOString();
  const staff = sel.userId === undefined
    ? idIn(sql`u.organization_id`, sel.organizationIds)
    : sql`(${idIn(sql`u.organization_id`, sel.organizationIds)} or u.id = ${sel.userId})`;
  const result = await db.execute<{
    source: number; source_name: string; contact: number; name: string; organization_id: number; profession_code: string | null;
    zone_id: number; room: string; beacon_id: number | null; lo: string | Date; hi: string | Date; ms: number;
  }>(sql`
    with v as (
      select v.user_id, v.zone_id, v.entry_at, v.exit_at
      from visits v join users u on u.id = v.user_id
      where v.entry_at >= ${from}::timestamptz - interval '12 hours' and v.entry_at < ${to}::timestamptz
        and v.exit_at > ${from}::timestamptz
        and ${idIn(sql`v.group_id`, sel.groupIds)} and ${staff}
    ),
    p as (
      select a.user_id as a_id, b.user_id as b_id, a.zone_id,
             greatest(a.entry_at, b.entry_at) as lo, least(a.exit_at, b.exit_at) as hi
      from v a join v b on a.zone_id = b.zone_id and a.user_id < b.user_id
        and a.entry_at < b.exit_at and b.entry_at < a.exit_at
    ),
    q as (
      select * from p
      where hi - lo > interval '30 seconds' and hi - lo < interval '2 hours'
        and lo >= ${from}::timestamptz and lo < ${to}::timestamptz
    ),
    sides as (
      select a_id as source, b_id as contact, zone_id, lo, hi from q
      union all
      select b_id, a_id, zone_id, lo, hi from q
    )
    select s.source, (select ${userDisplayName} from users u where u.id = s.source) as source_name,
           s.contact, ${userDisplayName} as name, u.organization_id, u.profession_code,
           s.zone_id, z.name as room, rb.id as beacon_id, s.lo, s.hi,
           round(extract(epoch from s.hi - s.lo) * 1000)::bigint as ms
    from sides s
    join users u on u.id = s.contact
    join zones z on z.id = s.zone_id
    left join lateral (
      select d.id from devices d where d.zone_id = s.zone_id and d.type = 'BEACON' and d.physical_role = 'ROOM'
      order by d.id limit 1
    ) rb on true
    where ${sel.userId === undefined ? sql`true` : sql`s.source = ${sel.userId}`}
    order by s.lo, s.source, s.contact`);
  return result.rows.map((r) => ({
    userId: r.contact,
    name: r.name,
    organizationId: r.organization_id,
    profession: r.profession_code,
    sourceUserId: r.source,
    sourceName: r.source_name,
    beaconId: r.beacon_id,
    zoneId: r.zone_id,
    room: r.room,
    entryTimestamp: iso(r.lo),
    exitTimestamp: iso(r.hi),
    durationMs: Number(r.ms),
  }));
}

/**
 * Users whose qualifying overlaps total at least `periodMs`, most exposed first. Without a traced
 * user, each user's total over all their contacts; tracing one user, each contact's total with them.
 */
export function exposedUsers(interactions: readonly ExposureInteraction[], periodMs: number, traced: boolean): ExposureUser[] {
  // Every user here also appears as a contact (untraced, each overlap is listed from both sides).
  const people = new Map(interactions.map((i) => [i.userId, { name: i.name, organizationId: i.organizationId, profession: i.profession }]));
  const totals = new Map<number, ExposureUser & { with: Set<number> }>();
  for (const i of interactions) {
    const [id, other] = traced ? [i.userId, i.sourceUserId] : [i.sourceUserId, i.userId];
    let row = totals.get(id);
    if (!row) {
      const person = people.get(id) ?? { name: i.sourceName, organizationId: 0, profession: null };
      row = { userId: id, ...person, totalMs: 0, contacts: 0, interactions: 0, with: new Set() };
      totals.set(id, row);
    }
    row.totalMs += i.durationMs;
    row.interactions += 1;
    row.with.add(other);
  }
  return [...totals.values()]
    .filter((r) => r.totalMs >= periodMs)
    .map(({ with: peers, ...r }) => ({ ...r, contacts: peers.size }))
    .sort((a, b) => b.totalMs - a.totalMs || a.name.localeCompare(b.name) || a.userId - b.userId);
}
