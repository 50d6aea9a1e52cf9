import { sql, type SQL } from 'drizzle-orm';
import type { ExposureInteraction, ExposureUser } from '../../contracts/reports/exposure';
import type { Database } from '../../db/client';
import { idIn, iso } from '../../core/sql';
import { displayNameOf } from '../../core/names';

// Exposure (docs/METRICS.md §8) from the derived interactions: every qualifying overlap of two
// wearers' room visits, kept at ingest from both sides. An overlap belongs to the span its start
// (the later entry) falls in.

export interface ExposureSpan {
  from: Date;
  to: Date;
}

export interface ExposureSelection {
  /** Staff whose visits count: users of these organizations. */
  organizationIds: readonly number[];
  /** Rooms at these locations. */
  groupIds: readonly number[];
  /** Contact tracing of one user: only their contacts are listed (they too must be staff of the organizations). */
  userId?: number;
}


/**
 * The span is read two days at a time. On PGlite one statement holds the only connection
 * until it ends: a month of a hospital's contacts read at once made every other request wait for
 * it; a slice at a time lets them in between.
 */
const SLICE_MS = 2 * 86_400_000;

/** Every qualifying overlap, once from each side (or only from `userId`'s side), oldest first. */
export async function exposureInteractions(db: Database, span: ExposureSpan, sel: ExposureSelection): Promise<ExposureInteraction[]> {
  if (sel.groupIds.length === 0) return [];
  const slices: ExposureInteraction[][] = [];
  for (let from = span.from.getTime(); from < span.to.getTime(); from += SLICE_MS) {
    const to = Math.min(from + SLICE_MS, span.to.getTime());
    slices.push(await interactionsIn(db, { from: new Date(from), to: new Date(to) }, sel));
  }
  return slices.flat();
}

async function interactionsIn(db: Database, span: ExposureSpan, sel: ExposureSelection): Promise<ExposureInteraction[]> {
  // Both people are staff of the selected organizations, the traced user too (METRICS §8).
  const inScope = (person: SQL) => idIn(sql`${person}.organization_id`, sel.organizationIds);
  const result = await db.execute<{
    source: number; source_name: string; contact: number; name: string; organization_id: number; profession_code: string | null;
    zone_id: number; room: string; beacon_id: number | null; lo: string | Date; hi: string | Date; ms: number;
  }>(sql`
    select i.user_id as source, ${displayNameOf(sql`s`)} as source_name,
           i.contact_id as contact, ${displayNameOf(sql`u`)} as name, u.organization_id, u.profession_code,
           i.zone_id, z.name as room, rb.id as beacon_id, i.start_at as lo, i.end_at as hi,
           round(extract(epoch from i.end_at - i.start_at) * 1000)::bigint as ms
    from interactions i
    join users s on s.id = i.user_id
    join users u on u.id = i.contact_id
    join zones z on z.id = i.zone_id
    left join (
      select distinct on (d.zone_id) d.zone_id, d.id from devices d
      where d.type = 'BEACON' and d.physical_role = 'ROOM' order by d.zone_id, d.id
    ) rb on rb.zone_id = i.zone_id
    where i.start_at >= ${span.from.toISOString()}::timestamptz and i.start_at < ${span.to.toISOString()}::timestamptz
      and ${idIn(sql`i.group_id`, sel.groupIds)} and ${idIn(sql`i.contact_group_id`, sel.groupIds)}
      and ${inScope(sql`s`)} and ${inScope(sql`u`)}
      and ${sel.userId === undefined ? sql`true` : sql`i.user_id = ${sel.userId}`}
    order by i.start_at, i.user_id, i.contact_id`);
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
