import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dayBetween, type DayRange, filterWhere, notExcluded, readsWearer, type ReportFilter, wearerJoin } from './filters';
import { visitsFromRaw } from './derive';
import { complianceRows, hygieneRows } from './rollups';

// Compliance and hand-hygiene figures of docs/METRICS.md 'Compliance', read from the daily rollups
// (compliance_daily, hygiene_daily; a range's whole weeks from their weekly sums) joined to the
// wearer (`u`) for organization and profession.

/** The compliance figures of one range. */
export interface ComplianceTotals {
  opportunities: number;
  compliantEvents: number;
  complianceTotal: number | null;
  complianceAverage: number | null;
  washCount: number;
  washAverage: number | null;
  activeUsers: number;
}

type TotalsRow = { opp: number; comp: number; avg: number | null; washes: number; wash_avg: number | null; active: number };

const toTotals = (row: TotalsRow | undefined): ComplianceTotals => {
  const opportunities = Number(row?.opp ?? 0);
  const compliantEvents = Number(row?.comp ?? 0);
  return {
    opportunities,
    compliantEvents,
    complianceTotal: opportunities > 0 ? compliantEvents / opportunities : null,
    complianceAverage: row?.avg === null || row?.avg === undefined ? null : Number(row.avg),
    washCount: Number(row?.washes ?? 0),
    washAverage: row?.wash_avg === null || row?.wash_avg === undefined ? null : Number(row.wash_avg),
    activeUsers: Number(row?.active ?? 0),
  };
};

/** Per-wearer opportunity sums of the range: the rollup read every compliance figure starts from. */
function perUserOpportunities(filter: ReportFilter, range: DayRange, extra?: SQL): SQL {
  return sql`
    select c.user_id, sum(c.entry_opportunities + c.exit_opportunities)::int as opp,
           sum(c.entry_compliant + c.exit_compliant)::int as comp
    from (${complianceRows(range, filter)}) c ${wearerJoin(filter, sql`c.user_id`, extra)}
    where ${filterWhere(filter, sql`c.group_id`)} and ${extra ?? sql`true`}
    group by c.user_id`;
}

function perUserWashes(filter: ReportFilter, range: DayRange, extra?: SQL): SQL {
  return sql`
    select h.user_id, sum(h.wash_count)::int as n, sum(h.duration_sum)::float8 as ds, sum(h.duration_count)::int as dc
    from (${hygieneRows(range)}) h ${wearerJoin(filter, sql`h.user_id`, extra)}
    where ${filterWhere(filter, sql`h.group_id`)} and ${extra ?? sql`true`}
    group by h.user_id`;
}

const totalsSelect = (c: SQL, h: SQL) => sql`
  with c as (${c}), h as (${h})
  select (select coalesce(sum(opp), 0)::int from c) as opp,
         (select coalesce(sum(comp), 0)::int from c) as comp,
         (select avg(comp::float8 / opp) from c where opp > 0) as avg,
         (select coalesce(sum(n), 0)::int from h) as washes,
         (select sum(ds) / nullif(sum(dc), 0) from h) as wash_avg,
         (select count(*)::int from (select user_id from c where opp > 0 union select user_id from h) a) as active`;

/** The compliance figures of one range, from the rollups; `extra` narrows further (one user, say). */
export async function complianceTotals(db: Database, filter: ReportFilter, range: DayRange, extra?: SQL): Promise<ComplianceTotals> {
  const result = await db.execute<TotalsRow>(totalsSelect(perUserOpportunities(filter, range, extra), perUserWashes(filter, range, extra)));
  return toTotals(result.rows[0]);
}

/**
 * The same figures by a plain scan of the raw events (visits paired and matched to washes on the
 * fly): what the rollups must equal, and what the benchmark compares their speed with.
 */
export async function complianceTotalsScan(db: Database, filter: ReportFilter, range: DayRange): Promise<ComplianceTotals> {
  const windows = sql`select u.id as user_id, ${range.from.toISOString()}::timestamptz as a,
                             (${range.to.toISOString()}::timestamptz - interval '1 millisecond') as b
                      from users u`;
  const c = sql`
    select v.user_id, (count(*) filter (where ea.id is null) + count(*) filter (where xa.id is null))::int as opp,
           (count(*) filter (where v.entry_compliant and ea.id is null) + count(*) filter (where v.exit_compliant and xa.id is null))::int as comp
    from (${visitsFromRaw(windows)}) v join users u on u.id = v.user_id
    -- An accepted dispute takes its opportunity out (docs/METRICS.md '15. Disputed opportunities').
    left join opportunity_disputes ea on ea.user_id = v.user_id and ea.kind = 'ENTRY' and ea.door_at = v.entry_at and ea.status = 'ACCEPTED'
    left join opportunity_disputes xa on xa.user_id = v.user_id and xa.kind = 'EXIT' and xa.door_at = v.exit_at and xa.status = 'ACCEPTED'
    where v.counted and ${filterWhere(filter, sql`v.group_id`)}
    group by v.user_id`;
  const h = sql`
    select e.user_id, count(*)::int as n, coalesce(sum(e.duration_s), 0)::float8 as ds, count(e.duration_s)::int as dc
    from hygiene_events e join users u on u.id = e.user_id
    where e.ts >= ${range.from.toISOString()}::timestamptz and e.ts < ${range.to.toISOString()}::timestamptz
      and ${filterWhere(filter, sql`coalesce(e.group_id, 0)`)}
    group by e.user_id`;
  const result = await db.execute<TotalsRow>(totalsSelect(c, h));
  return toTotals(result.rows[0]);
}

export interface DayFigures {
  date: string;
  opportunities: number;
  compliantEvents: number;
  complianceTotal: number | null;
  complianceAverage: number | null;
}

/** Compliance per UTC day of the range (days with nothing give zeros and nulls). */
export async function complianceByDay(
  db: Database,
  filter: ReportFilter,
  range: DayRange,
  days: readonly string[],
  extra?: SQL,
): Promise<DayFigures[]> {
  type Row = { day: string; opp: number; comp: number; avg: number | null };
  // Without a wearer condition, each day is its locations' sums; the mean of the wearers' own
  // ratios adds those of wearers who worked at several locations that day, over the selected ones.
  const result = readsWearer(filter, extra)
    ? await db.execute<Row>(sql`
        with per_user as (
          select c.day::text as day, c.user_id, sum(c.entry_opportunities + c.exit_opportunities)::int as opp,
                 sum(c.entry_compliant + c.exit_compliant)::int as comp
          from compliance_daily c ${wearerJoin(filter, sql`c.user_id`, extra)}
          where ${dayBetween(sql`c.day`, range)} and ${filterWhere(filter, sql`c.group_id`)} and ${extra ?? sql`true`}
            and ${notExcluded(filter, sql`c.group_id`, sql`c.day`)}
          group by c.day, c.user_id
        )
        select day, sum(opp)::int as opp, sum(comp)::int as comp, avg(comp::float8 / nullif(opp, 0)) as avg
        from per_user group by day`)
    : await db.execute<Row>(sql`
        with g as (
          select c.day, sum(c.entry_opportunities + c.exit_opportunities) as opp, sum(c.entry_compliant + c.exit_compliant) as comp,
                 sum(c.ratio_sum) as rs, sum(c.ratio_users) as ru
          from compliance_location_daily c
          where ${dayBetween(sql`c.day`, range)} and ${filterWhere(filter, sql`c.group_id`, false)}
          group by c.day
        ),
        split as (
          select day, sum(r) as rs, count(*) as n from (
            select c.day, sum(c.entry_compliant + c.exit_compliant)::numeric / sum(c.entry_opportunities + c.exit_opportunities) as r
            from compliance_split_days x join compliance_daily c on c.day = x.day and c.user_id = x.user_id
            where ${dayBetween(sql`x.day`, range)} and ${filterWhere(filter, sql`c.group_id`, false)}
            group by c.day, c.user_id
          ) y group by day
        )
        select g.day::text as day, g.opp::int as opp, g.comp::int as comp,
               ((g.rs + coalesce(s.rs, 0)) / nullif(g.ru + coalesce(s.n, 0), 0))::float8 as avg
        from g left join split s on s.day = g.day`);
  const byDay = new Map(result.rows.map((r) => [String(r.day).slice(0, 10), r]));
  return days.map((date) => {
    const row = byDay.get(date);
    const opportunities = Number(row?.opp ?? 0);
    const compliantEvents = Number(row?.comp ?? 0);
    return {
      date,
      opportunities,
      compliantEvents,
      complianceTotal: opportunities > 0 ? compliantEvents / opportunities : null,
      complianceAverage: row?.avg === null || row?.avg === undefined ? null : Number(row.avg),
    };
  });
}

/**
 * `from … where …` of a range's compliance counts as `c` (location, opportunity and visit counts),
 * for figures that are plain sums: the location rollup when the filter reads no wearer, else the
 * wearers' rows (whole weeks from their weekly sums) joined to `u`.
 */
function complianceSums(filter: ReportFilter, range: DayRange, extra?: SQL): SQL {
  if (!readsWearer(filter, extra)) {
    return sql`from compliance_location_daily c where ${dayBetween(sql`c.day`, range)} and ${filterWhere(filter, sql`c.group_id`, false)}`;
  }
  return sql`from (${complianceRows(range, filter)}) c ${wearerJoin(filter, sql`c.user_id`, extra)}
             where ${filterWhere(filter, sql`c.group_id`)} and ${extra ?? sql`true`}`;
}

/**
 * `from … where …` of a range's hand-hygiene counts as `h` (location, wash type, counts and
 * duration sums), like complianceSums; `day` keeps the day column (daily rows only).
 */
function hygieneSums(filter: ReportFilter, range: DayRange, extra?: SQL, keep?: 'day'): SQL {
  if (!readsWearer(filter, extra)) {
    return sql`from hygiene_location_daily h where ${dayBetween(sql`h.day`, range)} and ${filterWhere(filter, sql`h.group_id`, false)}`;
  }
  const rows =
    keep === 'day'
      ? sql`select day, user_id, group_id, wash_type, wash_count, duration_sum::float8 as duration_sum, duration_count
            from hygiene_daily where ${dayBetween(sql`day`, range)}`
      : hygieneRows(range);
  return sql`from (${rows}) h ${wearerJoin(filter, sql`h.user_id`, extra)}
             where ${filterWhere(filter, sql`h.group_id`)} and ${extra ?? sql`true`}`;
}

export interface EventTypeFigures {
  type: 'Entry' | 'Exit';
  opportunities: number;
  compliantEvents: number;
  compliance: number | null;
}

/** Entry and exit opportunities separately (the breakdown by event type). */
export async function eventTypeBreakdown(db: Database, filter: ReportFilter, range: DayRange, extra?: SQL): Promise<EventTypeFigures[]> {
  const result = await db.execute<{ eo: number; ec: number; xo: number; xc: number }>(sql`
    select coalesce(sum(c.entry_opportunities), 0)::int as eo, coalesce(sum(c.entry_compliant), 0)::int as ec,
           coalesce(sum(c.exit_opportunities), 0)::int as xo, coalesce(sum(c.exit_compliant), 0)::int as xc
    ${complianceSums(filter, range, extra)}`);
  const r = result.rows[0];
  const part = (type: 'Entry' | 'Exit', o: number, c: number): EventTypeFigures => ({
    type,
    opportunities: o,
    compliantEvents: c,
    compliance: o > 0 ? c / o : null,
  });
  return [part('Entry', Number(r?.eo ?? 0), Number(r?.ec ?? 0)), part('Exit', Number(r?.xo ?? 0), Number(r?.xc ?? 0))];
}

export interface WashTypeFigures {
  type: 'Soap' | 'Sanitizer';
  count: number;
  averageDuration: number | null;
}

/** Hand-hygiene events by wash type (the breakdown by wash type). */
export async function washTypeBreakdown(db: Database, filter: ReportFilter, range: DayRange, extra?: SQL): Promise<WashTypeFigures[]> {
  const result = await db.execute<{ wash_type: string; n: number; avg: number | null }>(sql`
    select h.wash_type, sum(h.wash_count)::int as n, sum(h.duration_sum)::float8 / nullif(sum(h.duration_count), 0) as avg
    ${hygieneSums(filter, range, extra)}
    group by h.wash_type`);
  const by = new Map(result.rows.map((r) => [r.wash_type, r]));
  return (['SOAP', 'SANITIZER'] as const).map((t) => {
    const row = by.get(t);
    return {
      type: t === 'SOAP' ? 'Soap' : 'Sanitizer',
      count: Number(row?.n ?? 0),
      averageDuration: row?.avg === null || row?.avg === undefined ? null : Number(row.avg),
    };
  });
}

export interface WashDay {
  date: string;
  soap: number;
  sanitizer: number;
  soapDuration: number | null;
  sanitizerDuration: number | null;
  washAverage: number | null;
}

/** Hand-hygiene events per UTC day by wash type. */
export async function washesByDay(db: Database, filter: ReportFilter, range: DayRange, days: readonly string[]): Promise<WashDay[]> {
  const result = await db.execute<{ day: string; wash_type: string; n: number; ds: number; dc: number }>(sql`
    select h.day::text as day, h.wash_type, sum(h.wash_count)::int as n, sum(h.duration_sum)::float8 as ds,
           sum(h.duration_count)::int as dc
    ${hygieneSums(filter, range, undefined, 'day')}
    group by h.day, h.wash_type`);
  const out = new Map(days.map((d) => [d, { n: { SOAP: 0, SANITIZER: 0 }, ds: { SOAP: 0, SANITIZER: 0 }, dc: { SOAP: 0, SANITIZER: 0 } }]));
  for (const r of result.rows) {
    const day = out.get(String(r.day).slice(0, 10));
    const t = r.wash_type === 'SOAP' ? 'SOAP' : 'SANITIZER';
    if (!day) continue;
    day.n[t] += Number(r.n);
    day.ds[t] += Number(r.ds);
    day.dc[t] += Number(r.dc);
  }
  const avg = (s: number, c: number) => (c > 0 ? s / c : null);
  return days.map((date) => {
    const d = out.get(date) as { n: Record<string, number>; ds: Record<string, number>; dc: Record<string, number> };
    return {
      date,
      soap: d.n.SOAP ?? 0,
      sanitizer: d.n.SANITIZER ?? 0,
      soapDuration: avg(d.ds.SOAP ?? 0, d.dc.SOAP ?? 0),
      sanitizerDuration: avg(d.ds.SANITIZER ?? 0, d.dc.SANITIZER ?? 0),
      washAverage: avg((d.ds.SOAP ?? 0) + (d.ds.SANITIZER ?? 0), (d.dc.SOAP ?? 0) + (d.dc.SANITIZER ?? 0)),
    };
  });
}

/**
 * Opportunities and compliant opportunities per UTC day or per wearer, by a plain scan of the raw
 * events: the trend's and the ranking's answer without the rollups.
 */
export async function opportunitiesScan(
  db: Database,
  filter: ReportFilter,
  range: DayRange,
  by: 'day' | 'user',
): Promise<Map<string, { opportunities: number; compliantEvents: number }>> {
  const windows = sql`select u.id as user_id, ${range.from.toISOString()}::timestamptz as a,
                             (${range.to.toISOString()}::timestamptz - interval '1 millisecond') as b
                      from users u`;
  const key = by === 'day' ? sql`(v.entry_at at time zone 'UTC')::date::text` : sql`v.user_id::text`;
  const result = await db.execute<{ k: string; opp: number; comp: number }>(sql`
    select ${key} as k, (count(*) * 2)::int as opp,
           (count(*) filter (where v.entry_compliant) + count(*) filter (where v.exit_compliant))::int as comp
    from (${visitsFromRaw(windows)}) v join users u on u.id = v.user_id
    where v.counted and ${filterWhere(filter, sql`v.group_id`)}
    group by 1`);
  return new Map(result.rows.map((r) => [String(r.k), { opportunities: Number(r.opp), compliantEvents: Number(r.comp) }]));
}
