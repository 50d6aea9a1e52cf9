import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Caller } from '../../core/caller';
import { userInScope } from '../users';
import { resolveFilter, type ReportFilter } from '../metrics/filters';
import type { ReportQuery } from '../../contracts/reports/common';

/**
 * The user a per-user report is about: the caller themselves, or a user of an organization or
 * location in the caller's scope. Anyone else is answered 404, as if they did not exist.
 */
export async function reportUser(db: Database, caller: Caller, userId: number | undefined): Promise<UserRow> {
  if (userId === undefined || userId === caller.user.id) return caller.user;
  return userInScope(db, await caller.scope(), userId);
}

/** The report filter of a query, scope-limited to the caller. */
export async function callerFilter(db: Database, caller: Caller, query: ReportQuery): Promise<ReportFilter> {
  return resolveFilter(db, await caller.scope(), query);
}
