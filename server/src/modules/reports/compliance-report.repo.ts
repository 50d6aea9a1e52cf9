import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ReportFilter } from '../metrics/filters';
import { idIn } from '../../core/sql';
import { userDisplayName } from '../../core/names';

// What the compliance reports read beyond the metrics building blocks: the condition that keeps
// one wearer's rows, and which of some asked-for users a report filter reaches.

/** The condition on the wearer (`u`, users) that keeps one user's rows of a compliance read. */
export function wearerIs(userId: number): SQL {
  return sql`u.id = ${userId}`;
}

/**
 * The users of `userIds` whose own organization or home location the filter reaches (with a
 * location filter, also those with compliance recorded at its locations), by name. Others are
 * not listed.
 */
export async function reachedUsers(db: Database, filter: ReportFilter, userIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  const where = filter.organizationIds
    ? idIn(sql`u.organization_id`, filter.organizationIds)
    : sql`(${idIn(sql`u.group_id`, filter.groupIds)} or exists (select 1 from compliance_daily c where c.user_id = u.id and ${idIn(sql`c.group_id`, filter.groupIds)}))`;
  const users = await db.execute<{ id: number; name: string }>(
    sql`select u.id, ${userDisplayName} as name from users u where ${idIn(sql`u.id`, userIds)} and ${where} order by name`,
  );
  return users.rows;
}
