import type { RuntimeConfig } from '@contracts/config';
import { Amplify } from 'aws-amplify';
import {
  AuthError,
  fetchAuthSession,
  getCurrentUser,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
import type { SessionInfo, SignedOutReason, SignInOutcome } from './auth';
import { createLocalTokenRefresher } from './cognito-refresher';
import { createRefreshScheduler } from './refresh-scheduler';

/**
 * Everything that needs Amplify. `./auth` loads this module on first use (a stored session, a
 * sign-in, a recovery step), so a signed-out visitor's first screen renders without it.
 */

/** What this module reports back to `./auth`, which owns the listeners and the tab's expired flag. */
export interface SessionEvents {
  signedOut: (reason: SignedOutReason) => void;
  signedIn: () => void;
  /** A refresh token was refused: the session is being ended as expired. */
  expiring: () => void;
}

// Refresh failures that mean the session is gone for good (Amplify clears the tokens for these).
const SESSION_ENDING_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

let usesLocalIdentityProvider = false;
let events: SessionEvents | null = null;

/** When the stored tokens expire on this device's clock (the earlier of id and access token). */
async function storedTokensExpiry(): Promise<number | null> {
  const tokens = await cognitoUserPoolsTokenProvider.tokenOrchestrator.getTokenStore().loadTokens();
  if (!tokens) return null;
  const expiries = [tokens.accessToken.payload.exp, tokens.idToken?.payload.exp].filter((exp): exp is number => typeof exp === 'number');
  if (expiries.length === 0) return null;
  return Math.min(...expiries) * 1000 - (tokens.clockDrift ?? 0);
}

const refreshScheduler = createRefreshScheduler({
  readExpiry: storedTokensExpiry,
  refresh: async () => {
    // Offline the provider cannot be reached: keep the tokens and try again later.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    if (!tokens) throw new Error('The session could not be renewed.');
  },
});

/** Configures Amplify from the runtime config; a local endpoint switches to USER_PASSWORD_AUTH and the local refresher. */
export function configureAmplify({ cognito }: RuntimeConfig, sessionEvents: SessionEvents): void {
  usesLocalIdentityProvider = cognito.endpoint !== null;
  // Amplify warns of any custom endpoint, in words of its own that double the name ('a custom
  // Amazon Amazon Cognito User Pool endpoint'). The local stand-in is one on purpose: configure
  // it without the warning; errors are still logged.
  const level = ConsoleLogger.LOG_LEVEL;
  if (cognito.endpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.userPoolClientId,
          ...(cognito.endpoint ? { userPoolEndpoint: cognito.endpoint } : {}),
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
  if (cognito.endpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      createLocalTokenRefresher(cognito.endpoint, cognito.userPoolClientId),
    );
  }
  void refreshScheduler.schedule();
  if (events) return;
  events = sessionEvents;
  Hub.listen('auth', ({ payload }) => {
    // While an expired session is being ended, that path reports it (as expired).
    if (payload.event === 'signedOut' && !sessionExpiring) sessionEvents.signedOut('signed-out');
    if (payload.event === 'signedIn') sessionEvents.signedIn();
    if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') void refreshScheduler.schedule();
    if (payload.event === 'signedOut') refreshScheduler.stop();
    if (payload.event === 'tokenRefresh_failure') {
      const name = (payload.data as { error?: { name?: string } } | undefined)?.error?.name ?? '';
      if (SESSION_ENDING_ERRORS.some((ending) => name.startsWith(ending))) void endExpiredSession();
    }
  });
}

let sessionExpiring = false;

/** A refresh token the provider refused: drop what is left of the session and say it expired. */
async function endExpiredSession(): Promise<void> {
  if (sessionExpiring) return;
  sessionExpiring = true;
  // Remembered for /auth: the ending can come before any screen is listening (on start-up).
  events?.expiring();
  try {
    await amplifySignOut().catch(() => cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens());
  } finally {
    sessionExpiring = false;
  }
  events?.signedOut('expired');
}

/** Signs in with a password; the local identity provider has no SRP, so it gets USER_PASSWORD_AUTH. */
export async function signInWithPassword(username: string, password: string): Promise<SignInOutcome> {
  const attempt = () =>
    amplifySignIn({
      username,
      password,
      options: usesLocalIdentityProvider ? { authFlowType: 'USER_PASSWORD_AUTH' } : undefined,
    });
  let result: Awaited<ReturnType<typeof amplifySignIn>>;
  try {
    result = await attempt();
  } catch (error) {
    // A stale session left in storage blocks a new sign-in; drop it and try once more.
    if (!(error instanceof AuthError) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await amplifySignOut();
    result = await attempt();
  }
  const step = result.nextStep.signInStep;
  if (result.isSignedIn || step === 'DONE') return { status: 'signed-in' };
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return { status: 'new-password-required' };
  if (step === 'CONFIRM_SIGN_UP') return { status: 'confirm-sign-up' };
  if (step === 'RESET_PASSWORD') return { status: 'reset-password' };
  return { status: 'other-step', step };
}

/** Signs out on this device; the tokens are dropped even when the provider cannot be reached. */
export async function signOut(): Promise<void> {
  try {
    await amplifySignOut();
  } catch {
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
    events?.signedOut('signed-out');
  }
}

function isNetworkFailure(error: unknown): boolean {
  return (
    (error instanceof AuthError && error.name === 'NetworkError') ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}

/** The current session, or null when signed out. Offline with expired tokens it still answers (cached data only). */
export async function getSession(): Promise<SessionInfo | null> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) return null;
    const user = await getCurrentUser();
    return { signInName: user.signInDetails?.loginId ?? user.username, offline: false };
  } catch (error) {
    if (!isNetworkFailure(error)) return null;
    const stored = await cognitoUserPoolsTokenProvider.tokenOrchestrator.getTokenStore().loadTokens();
    if (!stored) return null;
    return { signInName: stored.signInDetails?.loginId ?? stored.username, offline: true };
  }
}

/** The raw id token, or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString() ?? null;
}

/** The access token, or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString() ?? null;
}
