import { sql, type SQL } from 'drizzle-orm';
import type { Dispute, DisputeKind, DisputeReason, DisputeStatus, OwnDispute } from '../../contracts/disputes';
import type { Database } from '../../db/client';
import { displayNameOf, userDisplayName } from '../../core/names';
import { type ScopeIds, userVisibleSql } from '../../core/scope';
import { idIn, iso, isoOrNull } from '../../core/sql';
import { filterWhere, type ReportFilter } from '../metrics/filters';

// The SQL of disputed opportunities (docs/METRICS.md '15. Disputed opportunities'): a wearer's
// disputes of their own counted entries and exits, the managers' list and decisions, and the
// counts the compliance figures show.

/** The counted visit whose entry (ENTRY) or exit (EXIT) is the wearer's door at `doorAt`; null when there is none. */
export async function countedDoor(db: Database, userId: number, kind: DisputeKind, doorAt: Date): Promise<{ entryAt: Date; groupId: number } | null> {
  const door = kind === 'ENTRY' ? sql`v.entry_at` : sql`v.exit_at`;
  const result = await db.execute<{ entry_at: string | Date; group_id: number }>(sql`
    select v.entry_at, v.group_id from visits v
    where v.user_id = ${userId} and v.counted and ${door} = ${doorAt.toISOString()}::timestamptz
    order by v.entry_at limit 1`);
  const row = result.rows[0];
  return row ? { entryAt: new Date(row.entry_at), groupId: Number(row.group_id) } : null;
}

type OwnRow = {
  id: number;
  status: DisputeStatus;
  reason: DisputeReason;
  note: string | null;
  reply: string | null;
  decided_at: string | Date | null;
};

const toOwn = (r: OwnRow): OwnDispute => ({ id: Number(r.id), status: r.status, reason: r.reason, note: r.note, reply: r.reply, decidedAt: isoOrNull(r.decided_at) });

/** Stores a new dispute; null when the wearer already disputed that door. */
export async function insertDispute(
  db: Database,
  row: { userId: number; groupId: number; kind: DisputeKind; doorAt: Date; visitEntryAt: Date; reason: DisputeReason; note: string | null },
): Promise<OwnDispute | null> {
  const result = await db.execute<OwnRow>(sql`
    insert into opportunity_disputes (user_id, group_id, kind, door_at, visit_entry_at, reason, note)
    values (${row.userId}, ${row.groupId}, ${row.kind}, ${row.doorAt.toISOString()}::timestamptz, ${row.visitEntryAt.toISOString()}::timestamptz, ${row.reason}, ${row.note})
    on conflict (user_id, kind, door_at) do nothing
    returning id, status, reason, note, reply, decided_at`);
  const created = result.rows[0];
  return created ? toOwn(created) : null;
}

/** A wearer's disputes of doors in [from, to), keyed `${kind} ${doorAt ISO}`. */
export async function ownDisputesBetween(db: Database, userId: number, from: Date, to: Date): Promise<Map<string, OwnDispute>> {
  const result = await db.execute<OwnRow & { kind: DisputeKind; door_at: string | Date }>(sql`
    select id, kind, door_at, status, reason, note, reply, decided_at from opportunity_disputes
    where user_id = ${userId} and door_at >= ${from.toISOString()}::timestamptz and door_at < ${to.toISOString()}::timestamptz`);
  return new Map(result.rows.map((r) => [disputeKey(r.kind, iso(r.door_at)), toOwn(r)]));
}

/** The key a door's dispute is found by: its kind and its instant (ISO). */
export const disputeKey = (kind: DisputeKind, doorAt: string) => `${kind} ${doorAt}`;

/** The list's order: open first, then newest first. */
const rank = (d: SQL) => sql`(case when ${d}.status = 'OPEN' then 0 else 1 end)`;

type ListRow = OwnRow & {
  kind: DisputeKind;
  door_at: string | Date;
  created_at: string | Date;
  user_id: number;
  wearer: string;
  location: string;
  time_zone: string;
  room: string | null;
  compliant: boolean | null;
  decided_by: string | null;
};

const disputeColumns = sql`
  d.id, d.kind, d.door_at, d.created_at, d.status, d.reason, d.note, d.reply, d.decided_at, d.user_id,
  ${userDisplayName} as wearer, g.name as location, g.time_zone,
  (select z.name from zones z where z.id = v.zone_id) as room,
  case when v.user_id is null then null when d.kind = 'ENTRY' then v.entry_compliant else v.exit_compliant end as compliant,
  (select ${displayNameOf(sql`m`)} from users m where m.id = d.decided_by) as decided_by`;

const disputeFrom = sql`
  opportunity_disputes d
  join users u on u.id = d.user_id
  join groups g on g.id = d.group_id
  left join visits v on v.user_id = d.user_id and v.entry_at = d.visit_entry_at`;

const toDispute = (r: ListRow): Dispute => ({
  ...toOwn(r),
  kind: r.kind,
  doorAt: iso(r.door_at),
  createdAt: iso(r.created_at),
  wearer: { id: Number(r.user_id), name: r.wearer },
  location: r.location,
  timeZone: r.time_zone,
  room: r.room,
  compliant: r.compliant,
  decidedBy: r.decided_by,
});

/** Where a dispute is the caller's to see: its location in their scope, and its wearer visible to them. */
const inScope = (scope: ScopeIds) => sql`${idIn(sql`d.group_id`, scope.groupIds)} and ${userVisibleSql(sql`u`, scope)}`;

/** One page of the disputes in the scope, open first, newest first, after the dispute `startingAfter`; and how many match. */
export async function listDisputes(
  db: Database,
  scope: ScopeIds,
  query: { status?: DisputeStatus; take: number; startingAfter?: number },
): Promise<{ data: Dispute[]; totalCount: number }> {
  const where = sql`${inScope(scope)} ${query.status ? sql`and d.status = ${query.status}` : sql``}`;
  const after =
    query.startingAfter === undefined
      ? sql``
      : sql`and (${rank(sql`d`)}, -d.id) > (select ${rank(sql`c`)}, -c.id from opportunity_disputes c where c.id = ${query.startingAfter})`;
  const [rows, total] = await Promise.all([
    db.execute<ListRow>(sql`select ${disputeColumns} from ${disputeFrom} where ${where} ${after} order by ${rank(sql`d`)}, d.id desc limit ${query.take}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from opportunity_disputes d join users u on u.id = d.user_id where ${where}`),
  ]);
  return { data: rows.rows.map(toDispute), totalCount: Number(total.rows[0]?.n ?? 0) };
}

/** One dispute of `userId` in the scope, locked for a decision; null when there is none. */
export async function lockDispute(db: Database, scope: ScopeIds, id: number, userId: number): Promise<{ id: number; userId: number; doorAt: Date; status: DisputeStatus } | null> {
  const result = await db.execute<{ id: number; user_id: number; door_at: string | Date; status: DisputeStatus }>(sql`
    select d.id, d.user_id, d.door_at, d.status from opportunity_disputes d join users u on u.id = d.user_id
    where d.id = ${id} and d.user_id = ${userId} and ${inScope(scope)}
    for update of d`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), userId: Number(row.user_id), doorAt: new Date(row.door_at), status: row.status } : null;
}

/** Records a decision on an open dispute. */
export async function decideDispute(db: Database, id: number, decision: { status: 'ACCEPTED' | 'DECLINED'; reply: string | null; decidedBy: number }): Promise<void> {
  await db.execute(sql`
    update opportunity_disputes set status = ${decision.status}, reply = ${decision.reply}, decided_by = ${decision.decidedBy}, decided_at = now()
    where id = ${id} and status = 'OPEN'`);
}

/** One dispute as the list shows it. */
export async function readDispute(db: Database, id: number): Promise<Dispute | null> {
  const result = await db.execute<ListRow>(sql`select ${disputeColumns} from ${disputeFrom} where d.id = ${id}`);
  const row = result.rows[0];
  return row ? toDispute(row) : null;
}

/**
 * Opportunities of the filter's locations (and wearers) whose visit entered in the range's UTC days,
 * as compliance_daily counts them, that were disputed, and of them those accepted.
 */
export async function disputeCounts(db: Database, filter: ReportFilter): Promise<{ disputed: number; excluded: number }> {
  const result = await db.execute<{ disputed: number; excluded: number }>(sql`
    select count(*)::int as disputed, count(*) filter (where d.status = 'ACCEPTED')::int as excluded
    from opportunity_disputes d join users u on u.id = d.user_id
    where ${filterWhere(filter, sql`d.group_id`)}
      and d.visit_entry_at >= ${filter.range.from.toISOString()}::timestamptz and d.visit_entry_at < ${filter.range.to.toISOString()}::timestamptz`);
  const row = result.rows[0];
  return { disputed: Number(row?.disputed ?? 0), excluded: Number(row?.excluded ?? 0) };
}
