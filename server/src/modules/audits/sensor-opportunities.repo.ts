import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idIn } from '../../core/sql';
import type { SensorOpportunity } from './observation-matching';

// The sensors' opportunities the audits compare with: the entry and the exit of every counted
// visit (docs/METRICS.md '3. Visits and opportunities'), read from the derived visits the reports
// read, so a unit's figures here and in the reports are the same opportunities.

/** A sensor opportunity with the location (room's) it was counted at. */
export interface UnitOpportunity extends SensorOpportunity {
  groupId: number;
}

/** The opportunities at locations `groupIds` in [from, to): each counted visit's entry and exit, by its own instant. */
export async function sensorOpportunities(db: Database, groupIds: readonly number[], from: Date, to: Date): Promise<UnitOpportunity[]> {
  if (groupIds.length === 0 || from >= to) return [];
  const [a, b] = [from.toISOString(), to.toISOString()];
  const result = await db.execute<{ kind: string; user_id: number; zone_id: number; group_id: number; at: string | Date; compliant: boolean; profession: string | null }>(sql`
    select o.kind, o.user_id, o.zone_id, o.group_id, o.at, o.compliant, u.profession_code as profession
    from (
      select 'entry' as kind, v.user_id, v.zone_id, v.group_id, v.entry_at as at, v.entry_compliant as compliant
      from visits v where v.counted and ${idIn(sql`v.group_id`, groupIds)} and v.entry_at >= ${a}::timestamptz and v.entry_at < ${b}::timestamptz
      union all
      select 'exit', v.user_id, v.zone_id, v.group_id, v.exit_at, v.exit_compliant
      from visits v where v.counted and ${idIn(sql`v.group_id`, groupIds)} and v.exit_at >= ${a}::timestamptz and v.exit_at < ${b}::timestamptz
    ) o join users u on u.id = o.user_id
    order by o.at, o.user_id, o.kind`);
  return result.rows.map((r) => {
    const at = new Date(r.at);
    return {
      id: `${r.user_id}|${r.kind}|${at.toISOString()}`,
      at,
      zoneId: Number(r.zone_id),
      groupId: Number(r.group_id),
      userId: Number(r.user_id),
      professionId: r.profession,
      compliant: r.compliant,
    };
  });
}

/** Compliant opportunities and all opportunities at `groupIds` within the spans (which must not overlap). */
export async function countInSpans(db: Database, groupIds: readonly number[], spans: readonly { start: Date; end: Date }[]): Promise<{ compliant: number; n: number }> {
  if (groupIds.length === 0 || spans.length === 0) return { compliant: 0, n: 0 };
  // An array literal of ISO instants (digits, '-', ':', '.', 'T', 'Z' only), passed as one parameter.
  const starts = `{${spans.map((s) => s.start.toISOString()).join(',')}}`;
  const ends = `{${spans.map((s) => s.end.toISOString()).join(',')}}`;
  const result = await db.execute<{ n: number; compliant: number }>(sql`
    select count(*)::int as n, count(*) filter (where o.compliant)::int as compliant
    from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as s(a, b)
    join lateral (
      select v.entry_compliant as compliant from visits v
      where v.counted and ${idIn(sql`v.group_id`, groupIds)} and v.entry_at >= s.a and v.entry_at < s.b
      union all
      select v.exit_compliant from visits v
      where v.counted and ${idIn(sql`v.group_id`, groupIds)} and v.exit_at >= s.a and v.exit_at < s.b
    ) o on true`);
  const row = result.rows[0];
  return { compliant: Number(row?.compliant ?? 0), n: Number(row?.n ?? 0) };
}
