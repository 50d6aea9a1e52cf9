import { sql, type SQL } from 'drizzle-orm';
import type { WashType } from '../../contracts/devices';
import type { Database } from '../../db/client';
import { type DayRange, inLocalDays } from '../metrics/filters';
import { containing, idIn, iso, isoOrNull } from '../../core/sql';
import { shownName } from '../../core/names';

// C. diff rooms (docs/METRICS.md 'C. diff'): zones of type CDIFF and their counted visits, each in the
// range of its entry time on its location's clock. A compliant visit has a compliant entry and
// exit; soap compliance is the share of visits whose exit was satisfied by a soap wash (the
// nearest wash in the exit window).


/** `v` (visits) counted and entered inside the range's days on its room's location's clock (docs/METRICS.md 'Ranges, days and time zones'). */
function countedIn(range: DayRange): SQL {
  return sql`v.counted and ${inLocalDays(sql`v.entry_at`, sql`(select g.time_zone from groups g where g.id = v.group_id)`, range)}`;
}

export interface RoomSelection {
  groupIds: readonly number[];
  /** Only these zones (empty: every one). */
  zoneIds: readonly number[];
  /** Texts the room's name must each contain, any case. */
  names: readonly string[];
}

/** The rooms listed: C. diff zones of the locations, active or with visits in the range. */
function roomsOf(sel: RoomSelection, range: DayRange): SQL {
  const names = sel.names.map((n) => sql` and z.name ilike ${containing(n)}`);
  return sql`
    select z.id, z.name, z.group_id from zones z
    where z.type = 'CDIFF' and ${idIn(sql`z.group_id`, sel.groupIds)}
      and ${sel.zoneIds.length ? idIn(sql`z.id`, sel.zoneIds) : sql`true`}${sql.join(names, sql``)}
      and (z.active or exists (select 1 from visits v where v.zone_id = z.id and ${countedIn(range)}))`;
}

export interface CdiffRoom {
  zoneId: number;
  name: string;
  groupId: number;
  compliantVisits: number;
  totalVisits: number;
  soapCompliance: number | null;
}

/** One page of rooms by name (then id), after the room `startingAfter`, with the total count. */
export async function cdiffRooms(
  db: Database,
  sel: RoomSelection,
  range: DayRange,
  page: { take: number; startingAfter?: number },
): Promise<{ data: CdiffRoom[]; totalCount: number }> {
  if (sel.groupIds.length === 0) return { data: [], totalCount: 0 };
  const after = page.startingAfter === undefined
    ? sql`true`
    : sql`(r.name, r.id) > (select c.name, c.id from zones c where c.id = ${page.startingAfter})`;
  const [rows, total] = await Promise.all([
    db.execute<{ id: number; name: string; group_id: number; total: number; compliant: number; soap: number }>(sql`
      with r as (${roomsOf(sel, range)})
      select r.id, r.name, r.group_id,
             count(v.user_id)::int as total,
             count(v.user_id) filter (where v.entry_compliant and v.exit_compliant)::int as compliant,
             count(v.user_id) filter (where v.exit_wash_type = 'SOAP')::int as soap
      from r left join visits v on v.zone_id = r.id and ${countedIn(range)}
      where ${after}
      group by r.id, r.name, r.group_id
      order by r.name, r.id
      limit ${page.take}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${roomsOf(sel, range)}) r`),
  ]);
  return {
    data: rows.rows.map((r) => {
      const totalVisits = Number(r.total);
      return {
        zoneId: r.id,
        name: r.name,
        groupId: r.group_id,
        compliantVisits: Number(r.compliant),
        totalVisits,
        soapCompliance: totalVisits > 0 ? Number(r.soap) / totalVisits : null,
      };
    }),
    totalCount: Number(total.rows[0]?.n ?? 0),
  };
}

/** A C. diff zone at one of these locations, or null. */
export async function findCdiffZone(db: Database, zoneId: number, groupIds: readonly number[]): Promise<{ id: number } | null> {
  const result = await db.execute<{ id: number }>(
    sql`select z.id from zones z where z.id = ${zoneId} and z.type = 'CDIFF' and ${idIn(sql`z.group_id`, groupIds)}`,
  );
  return result.rows[0] ?? null;
}

export interface CdiffVisit {
  visit: {
    id: string;
    entryTimestamp: string;
    exitTimestamp: string;
    entryWashTimestamp: string | null;
    exitWashTimestamp: string | null;
    exitWashType: WashType | null;
    entryCompliant: boolean;
    exitCompliant: boolean;
    compliant: boolean;
    soapCompliant: boolean;
  };
  user: { id: number; firstName: string; lastName: string; organizationId: number; professionId: string | null };
  nextBeacon: { name: string } | null;
}

/** Parses a visit cursor `<userId>-<entry epoch ms>`. */
export function parseVisitCursor(cursor: string): { userId: number; entryAt: Date } | null {
  const match = /^(\d+)-(\d+)$/.exec(cursor);
  if (!match) return null;
  const entryAt = new Date(Number(match[2]));
  return Number.isNaN(entryAt.getTime()) ? null : { userId: Number(match[1]), entryAt };
}

/**
 * One page of a room's counted visits, newest first (ties by user id, descending), after the
 * visit `startingAfter`, with the total count. `nextBeacon` is the first patient room the wearer
 * entered after this stay, within 24 hours of leaving.
 */
export async function cdiffVisits(
  db: Database,
  zoneId: number,
  range: DayRange,
  page: { take: number; startingAfter?: { userId: number; entryAt: Date } },
): Promise<{ data: CdiffVisit[]; totalCount: number }> {
  const after = page.startingAfter
    ? sql`(v.entry_at, v.user_id) < (${page.startingAfter.entryAt.toISOString()}::timestamptz, ${page.startingAfter.userId}::int)`
    : sql`true`;
  const [rows, total] = await Promise.all([
    db.execute<{
      user_id: number; entry_at: string | Date; exit_at: string | Date; entry_wash_at: string | Date | null;
      exit_wash_at: string | Date | null; exit_wash_type: WashType | null; entry_compliant: boolean; exit_compliant: boolean;
      first_name: string; last_name: string; organization_id: number; profession_code: string | null; demo: boolean;
      next_room: string | null;
    }>(sql`
      select v.user_id, v.entry_at, v.exit_at, v.entry_wash_at, v.exit_wash_at, v.exit_wash_type,
             v.entry_compliant, v.exit_compliant,
             u.first_name, u.last_name, u.organization_id, u.profession_code, u.demo,
             nb.name as next_room
      from visits v join users u on u.id = v.user_id
      left join lateral (
        select n.name from presence_events p join zones n on n.id = p.zone_id and n.type in ('PATIENT_ROOM', 'CDIFF')
        where p.user_id = v.user_id and p.action = 'ENTER'
          and p.ts > v.entry_at and p.ts >= v.exit_at and p.ts <= v.exit_at + interval '24 hours'
        order by p.ts, p.event_id limit 1
      ) nb on true
      where v.zone_id = ${zoneId} and ${countedIn(range)} and ${after}
      order by v.entry_at desc, v.user_id desc
      limit ${page.take}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from visits v where v.zone_id = ${zoneId} and ${countedIn(range)}`),
  ]);
  return {
    data: rows.rows.map((r) => {
      const entry = new Date(r.entry_at);
      return {
        visit: {
          id: `${r.user_id}-${entry.getTime()}`,
          entryTimestamp: entry.toISOString(),
          exitTimestamp: iso(r.exit_at),
          entryWashTimestamp: isoOrNull(r.entry_wash_at),
          exitWashTimestamp: isoOrNull(r.exit_wash_at),
          exitWashType: r.exit_wash_type,
          entryCompliant: r.entry_compliant,
          exitCompliant: r.exit_compliant,
          compliant: r.entry_compliant && r.exit_compliant,
          soapCompliant: r.exit_wash_type === 'SOAP',
        },
        user: {
          id: r.user_id,
          ...shownName({ demo: r.demo, firstName: r.first_name, lastName: r.last_name }),
          organizationId: r.organization_id,
          professionId: r.profession_code,
        },
        nextBeacon: r.next_room === null ? null : { name: r.next_room },
      };
    }),
    totalCount: Number(total.rows[0]?.n ?? 0),
  };
}
