import type { BootstrapResponse } from '@contracts/bootstrap';
import type { CurrentUser, Role } from '@contracts/entities';
import type { AccountType } from '@contracts/permissions';
import type { MeResponse } from '@contracts/users';
import { createContext, useContext, type ReactNode } from 'react';

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
