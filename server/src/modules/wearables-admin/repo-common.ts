import { sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../../db/schema';
import { idIn } from '../metrics/filters';
import type { Scope } from '../session/scope';

// What the wearables-admin reads share: scope ids for SQL, the user-visibility rule, search
// patterns and how names show.

export const iso = (value: string | Date) => new Date(value).toISOString();
export const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** Scope ids as plain arrays, for SQL. */
export interface ScopeIds {
  organizationIds: readonly number[];
  groupIds: readonly number[];
}

export const scopeIdsOf = (scope: Scope): ScopeIds => ({
  organizationIds: [...scope.organizationIds],
  groupIds: [...scope.groupIds],
});

/** Whether a user is visible in a scope: their organization or their home location is in it. */
export function userInScope(scope: Scope, user: Pick<UserRow, 'organizationId' | 'groupId'>): boolean {
  return scope.organizationIds.has(user.organizationId) || (user.groupId !== null && scope.groupIds.has(user.groupId));
}

/** SQL for the same rule on a users row aliased `alias`. */
export function userVisibleSql(alias: SQL, scope: ScopeIds): SQL {
  return sql`(${idIn(sql`${alias}.organization_id`, scope.organizationIds)} or ${idIn(sql`${alias}.group_id`, scope.groupIds)})`;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Names as lists show them: demo users are masked as 'User'. */
export const shownName = (row: { demo: boolean; firstName: string; lastName: string }) =>
  row.demo ? { firstName: 'User', lastName: '' } : { firstName: row.firstName, lastName: row.lastName };
