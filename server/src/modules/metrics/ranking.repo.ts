import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type DayRange, filterWhere, type ReportFilter, wearerJoin } from './filters';
import { complianceRows, hygieneRows } from './rollups';
import { idIn } from '../../core/sql';
import { userDisplayName } from '../../core/names';

/** Users who belong to the selection themselves: its organizations, or their home location in it. */
function selectionMembers(filter: ReportFilter) {
  let where = filter.organizationIds ? idIn(sql`u.organization_id`, filter.organizationIds) : idIn(sql`u.group_id`, filter.groupIds);
  if (filter.organizationFilter) where = sql`${where} and ${idIn(sql`u.organization_id`, filter.organizationFilter)}`;
  return filter.professionCode ? sql`${where} and u.profession_code = ${filter.professionCode}` : where;
}

export interface UserRankingRow {
  userId: number;
  name: string;
  profession: string | null;
  organizationId: number;
  active: boolean;
  opportunities: number;
  handwashes: number;
  compliance: number | null;
  avgSoapDuration: number | null;
  avgSanitizerDuration: number | null;
}

/**
 * Users by complianceTotal, ties by more opportunities, then by name (docs/METRICS.md 'Compliance'). Without
 * `includeEmpty` only users with opportunities; with it, every user of the selection's wearers.
 */
/**
 * The organizations whose people no user ranking shows: those that turned leaderboards off, and
 * every organization below one (docs/PRIVACY.md 'No leaderboards').
 */
export async function leaderboardHidden(db: Database): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    with recursive hidden(id) as (
      select id from organizations where hide_leaderboards
      union select o.id from organizations o join hidden h on o.parent_id = h.id
    )
    select id from hidden order by id`);
  return result.rows.map((r) => Number(r.id));
}

export async function rankUsers(
  db: Database,
  filter: ReportFilter,
  range: DayRange,
  /** `hidden`: organizations whose people are left out (leaderboardHidden). */
  opts: { take: number; includeEmpty: boolean; search?: string; hidden?: readonly number[] },
): Promise<UserRankingRow[]> {
  const search = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const result = await db.execute<{
    user_id: number; name: string; profession_code: string | null; organization_id: number; active: boolean;
    opp: number | null; comp: number | null; soap: number | null; sanitizer: number | null;
  }>(sql`
    with c as (
      select c.user_id, sum(c.entry_opportunities + c.exit_opportunities)::int as opp,
             sum(c.entry_compliant + c.exit_compliant)::int as comp
      from (${complianceRows(range, filter)}) c ${wearerJoin(filter, sql`c.user_id`)}
      where ${filterWhere(filter, sql`c.group_id`)}
      group by c.user_id
    ),
    h as (
      select h.user_id,
             sum(h.duration_sum) filter (where h.wash_type = 'SOAP')::float8 / nullif(sum(h.duration_count) filter (where h.wash_type = 'SOAP'), 0) as soap,
             sum(h.duration_sum) filter (where h.wash_type = 'SANITIZER')::float8 / nullif(sum(h.duration_count) filter (where h.wash_type = 'SANITIZER'), 0) as sanitizer
      from (${hygieneRows(range)}) h ${wearerJoin(filter, sql`h.user_id`)}
      where ${filterWhere(filter, sql`h.group_id`)}
      group by h.user_id
    ),
    people as (
      ${opts.includeEmpty ? sql`select u.id from users u where ${selectionMembers(filter)} union ` : sql``}
      select user_id as id from c where opp > 0
    )
    select u.id as user_id, ${userDisplayName} as name, u.profession_code, u.organization_id, u.active,
           c.opp, c.comp, h.soap, h.sanitizer
    from people p join users u on u.id = p.id
    left join c on c.user_id = u.id left join h on h.user_id = u.id
    where ${search ? sql`(${userDisplayName} ilike ${search} or coalesce(u.client_user_id, '') ilike ${search})` : sql`true`}
      and not ${idIn(sql`u.organization_id`, opts.hidden ?? [])}
    order by coalesce(c.comp::float8 / nullif(c.opp, 0), -1) desc, coalesce(c.opp, 0) desc, name, u.id
    limit ${opts.take}`);
  return result.rows.map((r) => {
    const opportunities = Number(r.opp ?? 0);
    const handwashes = Number(r.comp ?? 0);
    return {
      userId: r.user_id,
      name: r.name,
      profession: r.profession_code,
      organizationId: r.organization_id,
      active: r.active,
      opportunities,
      handwashes,
      compliance: opportunities > 0 ? handwashes / opportunities : null,
      avgSoapDuration: r.soap === null ? null : Number(r.soap),
      avgSanitizerDuration: r.sanitizer === null ? null : Number(r.sanitizer),
    };
  });
}

export interface ProfessionRankingRow {
  professionId: string;
  name: string;
  users: number;
  opportunities: number;
  handwashes: number;
  compliance: number | null;
}

/** Professions by complianceTotal, ties by more opportunities (docs/METRICS.md 'Compliance'). */
export async function rankProfessions(db: Database, filter: ReportFilter, range: DayRange, take: number): Promise<ProfessionRankingRow[]> {
  const result = await db.execute<{ code: string; name: string | null; users: number; opp: number; comp: number }>(sql`
    select x.code, (select p.name from professions p where p.code = x.code order by p.organization_id nulls first limit 1) as name,
           x.users, x.opp, x.comp
    from (
      select coalesce(u.profession_code, 'OTHER') as code, count(distinct c.user_id)::int as users,
             sum(c.entry_opportunities + c.exit_opportunities)::int as opp,
             sum(c.entry_compliant + c.exit_compliant)::int as comp
      from (${complianceRows(range, filter)}) c join users u on u.id = c.user_id
      where ${filterWhere(filter, sql`c.group_id`)}
      group by 1
    ) x
    where x.opp > 0
    order by x.comp::float8 / x.opp desc, x.opp desc, x.code
    limit ${take}`);
  return result.rows.map((r) => ({
    professionId: r.code,
    name: r.name ?? r.code,
    users: Number(r.users),
    opportunities: Number(r.opp),
    handwashes: Number(r.comp),
    compliance: Number(r.opp) > 0 ? Number(r.comp) / Number(r.opp) : null,
  }));
}
