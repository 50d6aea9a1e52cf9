import type { BootstrapResponse } from '@contracts/bootstrap';
import type { CurrentUser, Role } from '@contracts/entities';
import type { AccountType } from '@contracts/permissions';
import type { MeResponse } from '@contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { SESSION_KEY_ROOT } from './query-client';

/** Everything the signed-in area knows about its user once /app has loaded. */
export interface SessionData {
  /** The name typed at sign-in. */
  signInName: string;
  /** True when the tokens could not be refreshed for lack of network (cached data only). */
  offline: boolean;
  bootstrap: BootstrapResponse;
  me: MeResponse;
  user: CurrentUser;
  /** The role from /users/me (the spec: the role comes from the newer API). */
  role: Role;
  accountType: AccountType;
}

const SessionContext = createContext<SessionData | null>(null);

/** Provides the signed-in session to the /app subtree. */
export function SessionProvider({ value, children }: { value: SessionData; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in session; only valid inside /app. */
export function useSession(): SessionData {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the signed-in area.');
  return session;
}

/**
 * Reads the session's data again in the background (the shell follows once the answers arrive):
 * after the signed-in user changed their own name, phone or photo, or an organization or location
 * was added or renamed.
 */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [SESSION_KEY_ROOT] }), [queryClient]);
}
