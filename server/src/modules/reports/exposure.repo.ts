import { sql, type SQL } from 'drizzle-orm';
import type { ExposureInteraction, ExposureUser } from '../../contracts/reports/exposure';
import type { Database } from '../../db/client';
import { idIn, iso } from '../../core/sql';
import { displayNameOf } from '../../core/names';

// Exposure (docs/METRICS.md 'Exposure and contact tracing') from the derived interactions: every qualifying overlap of two
// wearers' room visits, kept at ingest from both sides. An overlap belongs to the span its start
// (the later entry) falls in. Without a traced user the answer is each user's totals, added up
// in the database; tracing one, their overlaps themselves.

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

/** Slices of at most SLICE_MS covering the span, oldest first. */
function slicesOf(span: ExposureSpan): ExposureSpan[] {
  const out: ExposureSpan[] = [];
  for (let from = span.from.getTime(); from < span.to.getTime(); from += SLICE_MS) {
    out.push({ from: new Date(from), to: new Date(Math.min(from + SLICE_MS, span.to.getTime())) });
  }
  return out;
}

/** The rows of `interactions` the selection counts: in the span, both rooms selected, both people staff of the organizations. */
function selected(span: ExposureSpan, sel: ExposureSelection, joins: SQL = sql``): SQL {
  // Both people are staff of the selected organizations, the traced user too (docs/METRICS.md 'Exposure and contact tracing').
  const inScope = (person: SQL) => idIn(sql`${person}.organization_id`, sel.organizationIds);
  return sql`
    from interactions i
    join users s on s.id = i.user_id
    join users u on u.id = i.contact_id
    ${joins}
    where i.start_at >= ${span.from.toISOString()}::timestamptz and i.start_at < ${span.to.toISOString()}::timestamptz
      and ${idIn(sql`i.group_id`, sel.groupIds)} and ${idIn(sql`i.contact_group_id`, sel.groupIds)}
      and ${inScope(sql`s`)} and ${inScope(sql`u`)}
      and ${sel.userId === undefined ? sql`true` : sql`i.user_id = ${sel.userId}`}`;
}

/** Every qualifying overlap, once from each side (or only from `userId`'s side), oldest first. */
export async function exposureInteractions(db: Database, span: ExposureSpan, sel: ExposureSelection): Promise<ExposureInteraction[]> {
  if (sel.groupIds.length === 0) return [];
  const slices: ExposureInteraction[][] = [];
  for (const slice of slicesOf(span)) slices.push(await interactionsIn(db, slice, sel));
  return slices.flat();
}

/**
 * Each user's qualifying overlaps summed over the span (without a traced user), those reaching
 * `periodMs` listed as `exposedUsers` lists them: a hospital's month holds far more overlaps than
 * an answer should carry, so they are added up in the database, a pair of people per row.
 */
export async function exposureTotals(db: Database, span: ExposureSpan, sel: ExposureSelection, periodMs: number): Promise<ExposureUser[]> {
  if (sel.groupIds.length === 0) return [];
  const totals = new Map<number, { totalMs: number; interactions: number; with: Set<number> }>();
  for (const slice of slicesOf(span)) {
    const pairs = await db.execute<{ source: number; contact: number; ms: string; n: number }>(sql`
      select i.user_id as source, i.contact_id as contact,
             sum(round(extract(epoch from i.end_at - i.start_at) * 1000))::bigint as ms, count(*)::int as n
      ${selected(slice, sel)}
      group by i.user_id, i.contact_id`);
    for (const p of pairs.rows) {
      let row = totals.get(p.source);
      if (!row) totals.set(p.source, (row = { totalMs: 0, interactions: 0, with: new Set() }));
      row.totalMs += Number(p.ms);
      row.interactions += p.n;
      row.with.add(p.contact);
    }
  }
  const listed = [...totals].filter(([, t]) => t.totalMs >= periodMs);
  if (listed.length === 0) return [];
  const people = await db.execute<{ id: number; name: string; organization_id: number; profession_code: string | null }>(sql`
    select s.id, ${displayNameOf(sql`s`)} as name, s.organization_id, s.profession_code
    from users s where ${idIn(sql`s.id`, listed.map(([id]) => id))}`);
  const byId = new Map(people.rows.map((p) => [p.id, p]));
  return listed
    .map(([id, t]) => {
      const person = byId.get(id);
      return {
        userId: id,
        name: person?.name ?? '',
        organizationId: person?.organization_id ?? 0,
        profession: person?.profession_code ?? null,
        totalMs: t.totalMs,
        contacts: t.with.size,
        interactions: t.interactions,
      };
    })
    .sort(byExposure);
}

/** Most exposed first, then by name and id. */
const byExposure = (a: ExposureUser, b: ExposureUser) => b.totalMs - a.totalMs || a.name.localeCompare(b.name) || a.userId - b.userId;

async function interactionsIn(db: Database, span: ExposureSpan, sel: ExposureSelection): Promise<ExposureInteraction[]> {
  const result = await db.execute<{
    source: number; source_name: string; contact: number; name: string; organization_id: number; profession_code: string | null;
    zone_id: number; room: string; beacon_id: number | null; lo: string | Date; hi: string | Date; ms: number;
  }>(sql`
    select i.user_id as source, ${displayNameOf(sql`s`)} as source_name,
           i.contact_id as contact, ${displayNameOf(sql`u`)} as name, u.organization_id, u.profession_code,
           i.zone_id, z.name as room, rb.id as beacon_id, i.start_at as lo, i.end_at as hi,
           round(extract(epoch from i.end_at - i.start_at) * 1000)::bigint as ms
    ${selected(
      span,
      sel,
      sql`join zones z on z.id = i.zone_id
      left join (
        select distinct on (d.zone_id) d.zone_id, d.id from devices d
        where d.type = 'BEACON' and d.physical_role = 'ROOM' order by d.zone_id, d.id
      ) rb on rb.zone_id = i.zone_id`,
    )}
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

/** A traced user's contacts whose overlaps with them total at least `periodMs`, most exposed first. */
export function tracedContacts(interactions: readonly ExposureInteraction[], periodMs: number): ExposureUser[] {
  const totals = new Map<number, ExposureUser>();
  for (const i of interactions) {
    let row = totals.get(i.userId);
    if (!row) {
      row = { userId: i.userId, name: i.name, organizationId: i.organizationId, profession: i.profession, totalMs: 0, contacts: 1, interactions: 0 };
      totals.set(i.userId, row);
    }
    row.totalMs += i.durationMs;
    row.interactions += 1;
  }
  return [...totals.values()].filter((r) => r.totalMs >= periodMs).sort(byExposure);
}
