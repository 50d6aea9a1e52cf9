import { redirect } from '@tanstack/react-router';
import { allowed } from '@/lib/permissions';
import type { SessionData } from '@/lib/session-context';
import { landingPath, type AppPath, type AppRouteEntry } from './route-table';

/**
 * beforeLoad guard of a table entry: follows redirect entries, lets allowed users through and
 * sends everyone else to the root (which forwards to the landing page).
 */
export function guardAppEntry(entry: AppRouteEntry, session: Pick<SessionData, 'role' | 'accountType'> & { user: Pick<SessionData['user'], 'isEmployee'> }): void {
  if (entry.redirectTo) throw redirect({ to: entry.redirectTo as AppPath, replace: true });
  if (allowed(entry, session.role, session.accountType, session.user.isEmployee)) return;
  // The landing page must not bounce (root → /app → landing → root …): it renders a notice instead.
  if (entry.path === landingPath(session.role, session.accountType)) return;
  throw redirect({ to: '/', replace: true });
}
