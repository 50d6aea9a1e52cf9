import type { RuntimeConfig } from '@contracts/config';
import type * as AmplifySessionModule from './amplify-session';

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

function setExpiredFlag(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(EXPIRED_FLAG, '1');
    else sessionStorage.removeItem(EXPIRED_FLAG);
  } catch {
    // Storage can be unavailable (private mode); the notice is a courtesy.
  }
}

/** Remembers the identity provider's settings; Amplify is configured with them when it loads. */
export function configureAuth(runtimeConfig: RuntimeConfig): void {
  config = runtimeConfig;
  // A stored session renews itself on a timer, and that timer lives in Amplify: start it now.
  if (hasStoredSession()) void loadAmplify();
}

/** Amplify, loaded once and configured. */
export function loadAmplify(): Promise<AmplifySession> {
  if (!config) return Promise.reject(new Error('Sign-in is not configured yet.'));
  const current = config;
  loading ??= import('./amplify-session').then((amplify) => {
    amplify.configureAmplify(current, {
      signedOut: emitSignedOut,
      signedIn: () => setExpiredFlag(false),
      expiring: () => setExpiredFlag(true),
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
  try {
    return sessionStorage.getItem(EXPIRED_FLAG) === '1';
  } catch {
    return false;
  }
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

/** Signs out on this device; the tokens are dropped even when the provider cannot be reached. */
export async function signOut(): Promise<void> {
  return (await loadAmplify()).signOut();
}

/** The current session, or null when signed out. Offline with expired tokens it still answers (cached data only). */
export async function getSession(): Promise<SessionInfo | null> {
  if (!hasStoredSession()) return null;
  return (await loadAmplify()).getSession();
}

/** The raw id token (the main API's Authorization header), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  return (await loadAmplify()).getIdToken();
}

/** The access token (the newer API's Bearer token), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  return (await loadAmplify()).getAccessToken();
}
