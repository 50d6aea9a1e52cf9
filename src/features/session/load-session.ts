import type { QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@/lib/auth';
import type { SessionData } from '@/lib/session-context';
import { bootstrapQueryOptions } from './api/get-bootstrap';
import { meQueryOptions } from './api/get-me';
import { usernameQueryOptions } from './api/get-username';

/**
 * Loads (or reads from cache) what the signed-in area needs: user name → bootstrap and role.
 * Cached answers come back at once and refresh in the background, so a restored cache
 * keeps the shell usable offline.
 */
export async function loadSessionData(queryClient: QueryClient, session: SessionInfo): Promise<SessionData> {
  const { userName } = await queryClient.ensureQueryData(usernameQueryOptions(session.signInName));
  const [bootstrap, me] = await Promise.all([
    queryClient.ensureQueryData({ ...bootstrapQueryOptions(userName), revalidateIfStale: true }),
    queryClient.ensureQueryData({ ...meQueryOptions(userName), revalidateIfStale: true }),
  ]);
  return {
    signInName: session.signInName,
    offline: session.offline,
    bootstrap,
    me,
    user: bootstrap.user,
    role: me.role,
    accountType: bootstrap.user.organization.accountType,
  };
}
