import type { RuntimeConfig } from '@contracts/config';
import { sessionEndpoints } from '@contracts/session';
import type * as AmplifySessionModule from './amplify-session';
import { whenInputQuiet } from './when-input-quiet';

/**
 * Sign-in state for the app. Amplify (a large library) lives in `./amplify-session` and is loaded
 * on first need: a visitor with no stored session sees the sign-in screen without it, and a
 * visitor with one loads it while the workspace loads.
 */

/** Where a password sign-in ended. */
export type SignInOutcome =
  | { status: 'signed-in' }
  | { status: 'new-password-required' }
  | { status: 'confirm-sign-up' }
  | { status: 'reset-password' }
  | { status: 'other-step'; step: string };

/** Why a session ended: the user signed out, or it could not be renewed. */
export type SignedOutReason = 'signed-out' | 'expired';

/** The signed-in visitor as the guard needs it. */
export interface SessionInfo {
  /** The name typed at sign-in (what /users/username resolves). */
  signInName: string;
  /** True when the tokens could not be refreshed for lack of network: cached data only. */
  offline: boolean;
}

type AmplifySession = typeof AmplifySessionModule;

let config: RuntimeConfig | null = null;
let loading: Promise<AmplifySession> | null = null;
const signedOutListeners = new Set<(reason: SignedOutReason) => void>();

function emitSignedOut(reason: SignedOutReason): void {
  for (const listener of signedOutListeners) listener(reason);
}

const EXPIRED_FLAG = 'lavo.sessionExpired';
const REFUSAL_KEY = 'lavo.signOutNotice';

/**
 * What this tab remembers about how its last session ended, for the sign-in screen (until the next
 * sign-in): `value` kept under `key`, or forgotten when undefined. Storage can be unavailable
 * (private mode); the notice is a courtesy.
 */
function rememberOnTab(key: string, value: string | undefined): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Not kept.
  }
}

function readFromTab(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Tokens this close to expiry are not used from storage: Amplify renews them first. */
export const TOKEN_MARGIN_MS = 60_000;

interface StoredTokens {
  signInName: string;
  idToken: string;
  accessToken: string;
  /** When the earlier of the two expires (ms since the epoch, on this device's clock). */
  expiresAt: number;
}

function expiryOf(jwt: string): number {
  try {
    const payload = jwt.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * The session Amplify keeps in localStorage (its own keys, which it writes and clears), when both
 * tokens are still good for at least `TOKEN_MARGIN_MS`. Used as is, the signed-in area starts
 * without waiting for Amplify to download; Amplify takes over for renewals, sign-out and anything
 * else. Expiry is judged as Amplify judges it: on the provider's clock, this device's time plus the
 * clock drift Amplify stored at sign-in, so a device whose clock is behind does not send tokens
 * the API already refuses.
 */
function freshStoredTokens(now = Date.now()): StoredTokens | null {
  if (!config) return null;
  try {
    const prefix = `CognitoIdentityServiceProvider.${config.cognito.userPoolClientId}`;
    const username = localStorage.getItem(`${prefix}.LastAuthUser`);
    if (!username) return null;
    const idToken = localStorage.getItem(`${prefix}.${username}.idToken`);
    const accessToken = localStorage.getItem(`${prefix}.${username}.accessToken`);
    if (!idToken || !accessToken) return null;
    const drift = Number(localStorage.getItem(`${prefix}.${username}.clockDrift`) ?? 0) || 0;
    // When they expire on this device's clock.
    const expiresAt = Math.min(expiryOf(idToken), expiryOf(accessToken)) - drift;
    if (expiresAt - now < TOKEN_MARGIN_MS) return null;
    const details = localStorage.getItem(`${prefix}.${username}.signInDetails`);
    const loginId = details ? (JSON.parse(details) as { loginId?: unknown }).loginId : undefined;
    return { signInName: typeof loginId === 'string' && loginId ? loginId : username, idToken, accessToken, expiresAt };
  } catch {
    return null;
  }
}

/** Remembers the identity provider's settings; Amplify is configured with them when it loads. */
export function configureAuth(runtimeConfig: RuntimeConfig): void {
  config = runtimeConfig;
  if (!hasStoredSession()) return;
  // A stored session renews itself on a timer, and that timer lives in Amplify. With tokens still
  // good for a while it starts once the first screen is up; otherwise at once.
  const stored = freshStoredTokens();
  if (!stored) {
    void loadAmplify();
    return;
  }
  const soon = Math.max(0, stored.expiresAt - Date.now() - 5 * TOKEN_MARGIN_MS);
  const start = () => void loadAmplify().catch(() => undefined);
  // Loading it is a long task. It waits for the first screen to settle (the document's load event
  // says nothing of that: it fires before the app has drawn), then for a pause in the user's
  // input, so it does not land in a pan or a pinch; at the latest, in time to renew the tokens.
  const settle = Math.min(soon, AMPLIFY_SETTLE_MS);
  setTimeout(() => {
    if (typeof window === 'undefined') start();
    else whenInputQuiet(start, AMPLIFY_QUIET_MS, Math.max(0, soon - settle));
  }, settle);
}

/**
 * With good stored tokens, Amplify loads once the app has been up this long (its first screen
 * drawn) and the user has then left the page alone for AMPLIFY_QUIET_MS.
 */
const AMPLIFY_SETTLE_MS = 8_000;
const AMPLIFY_QUIET_MS = 1_000;

/** Amplify, loaded once and configured. */
export function loadAmplify(): Promise<AmplifySession> {
  if (!config) return Promise.reject(new Error('Sign-in is not configured yet.'));
  const current = config;
  loading ??= import('./amplify-session').then((amplify) => {
    amplify.configureAmplify(current, {
      signedOut: emitSignedOut,
      signedIn: () => {
        rememberOnTab(EXPIRED_FLAG, undefined);
        rememberOnTab(REFUSAL_KEY, undefined);
        signOutNotice = undefined;
      },
      expiring: () => rememberOnTab(EXPIRED_FLAG, '1'),
    });
    return amplify;
  });
  // A failed download (offline) may be retried.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Starts loading Amplify in the background (the sign-in screen, once shown, so signing in does not wait). */
export function preloadAuth(): void {
  loadAmplify().catch(() => {
    // Offline: the sign-in itself will try again and say what went wrong.
  });
}

/**
 * True when Amplify has left a session in this browser's storage (its `LastAuthUser` key, written
 * with the tokens and removed with them). Without one nobody is signed in and Amplify need not load.
 */
export function hasStoredSession(): boolean {
  if (!config) return false;
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${config.cognito.userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    // No storage: let Amplify decide.
    return true;
  }
}

/** True when the last session on this tab ended because it could not be renewed (until the next sign-in). */
export function sessionExpiredOnThisTab(): boolean {
  return readFromTab(EXPIRED_FLAG) === '1';
}

/**
 * Why the API refused the last session on this tab (a deactivated account, one never invited), until
 * the next sign-in. The sign-in screen shows it however it was reached: a request that finds the
 * tokens gone signs out once more, without words, and a reload of /auth keeps no navigation state.
 */
export function refusalOnThisTab(): string | undefined {
  return readFromTab(REFUSAL_KEY);
}

/** Subscribes to "the session ended" (sign-out here or elsewhere, or a refresh token rejected); returns the unsubscribe. */
export function onSignedOut(listener: (reason: SignedOutReason) => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Signs in with a password; the local identity provider has no SRP, so it gets USER_PASSWORD_AUTH. */
export async function signInWithPassword(username: string, password: string): Promise<SignInOutcome> {
  return (await loadAmplify()).signInWithPassword(username, password);
}

/** How long sign-out waits for the API to revoke the session before it goes on without it. */
const REVOKE_TIMEOUT_MS = 3_000;

/**
 * Tells the API that this sign-in is over, so its tokens stop working there at once instead of
 * when they expire. Best effort: offline, or with a token the API already refuses, sign-out goes on.
 */
async function revokeOnServer(idToken: string | null): Promise<void> {
  if (!config || !idToken) return;
  try {
    // Not through the API client: its 401 handling signs out, which is what is under way here.
    await fetch(`${config.apiBaseUrl.replace(/\/$/, '')}${sessionEndpoints.signOut.path}`, {
      method: sessionEndpoints.signOut.method,
      headers: { Authorization: idToken },
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    });
  } catch {
    // Unreachable: the tokens still expire within the hour, and the provider revokes the refresh token.
  }
}

let signOutNotice: string | undefined;

/** The message the sign-in screen should show after the sign-out in progress, if it gave one (read once). */
export function takeSignOutNotice(): string | undefined {
  const notice = signOutNotice;
  signOutNotice = undefined;
  return notice;
}

/**
 * Signs out on this device and at the API; the tokens are dropped even when neither can be
 * reached. `notice` tells the sign-in screen why (e.g. the API refused the account).
 */
export async function signOut(notice?: string): Promise<void> {
  // A request that finds the tokens already gone signs out again, wordless: the reason stays.
  signOutNotice = notice ?? signOutNotice;
  if (notice) rememberOnTab(REFUSAL_KEY, notice);
  const idToken = await getIdToken().catch(() => null);
  await revokeOnServer(idToken);
  return (await loadAmplify()).signOut();
}

/** The current session, or null when signed out. Offline with expired tokens it still answers (cached data only). */
export async function getSession(): Promise<SessionInfo | null> {
  if (!hasStoredSession()) return null;
  const stored = freshStoredTokens();
  if (stored) return { signInName: stored.signInName, offline: false };
  return (await loadAmplify()).getSession();
}

/** The raw id token (the main API's Authorization header), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const stored = freshStoredTokens();
  if (stored) return stored.idToken;
  return (await loadAmplify()).getIdToken();
}

/** The access token (the newer API's Bearer token), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const stored = freshStoredTokens();
  if (stored) return stored.accessToken;
  return (await loadAmplify()).getAccessToken();
}
