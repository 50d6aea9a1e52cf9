import { SESSION_KEY_ROOT } from '@/lib/query-client';

/** Query keys of the signed-in user's session data (keyed by user so two users never share an entry). */
export const sessionKeys = {
  all: [SESSION_KEY_ROOT] as const,
  username: (signInName: string) => [...sessionKeys.all, 'username', signInName] as const,
  bootstrap: (userName: string) => [...sessionKeys.all, 'bootstrap', userName] as const,
  me: (userName: string) => [...sessionKeys.all, 'me', userName] as const,
};
