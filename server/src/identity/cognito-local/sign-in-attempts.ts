/**
 * Amazon Cognito's lockout after failed sign-ins: five wrong passwords are allowed; after that the
 * user is locked out for 1 s, doubling with each further failure up to about 15 minutes, and
 * attempts during a lockout are refused without counting. Fifteen minutes without a failure, or a
 * successful sign-in, start the count afresh. Kept in memory: a restart forgets it, as a deploy
 * of Cognito would not, which is fine for a local provider.
 */

const FREE_ATTEMPTS = 5;
const FIRST_LOCKOUT_MS = 1_000;
const MAX_LOCKOUT_MS = 15 * 60_000;

interface Failures {
  count: number;
  last: number;
}

export interface SignInAttempts {
  /** True while the key is locked out. */
  isLocked(key: string): boolean;
  /** Records a wrong password. */
  fail(key: string): void;
  /** Records a successful sign-in (or a password reset). */
  succeed(key: string): void;
}

export function createSignInAttempts(now: () => number = Date.now): SignInAttempts {
  const failures = new Map<string, Failures>();
  const current = (key: string): Failures | undefined => {
    const entry = failures.get(key);
    if (entry && now() - entry.last > MAX_LOCKOUT_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    isLocked(key) {
      const entry = current(key);
      if (!entry || entry.count < FREE_ATTEMPTS) return false;
      const lockout = Math.min(FIRST_LOCKOUT_MS * 2 ** (entry.count - FREE_ATTEMPTS), MAX_LOCKOUT_MS);
      return now() < entry.last + lockout;
    },
    fail(key) {
      const entry = current(key);
      failures.set(key, { count: (entry?.count ?? 0) + 1, last: now() });
    },
    succeed(key) {
      failures.delete(key);
    },
  };
}

/** The one tracker of this provider process. */
export const signInAttempts = createSignInAttempts();

/** The tracker's key for a user of a pool. */
export const attemptKey = (userPoolId: string, username: string) => `${userPoolId}/${username}`;
