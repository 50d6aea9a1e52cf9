import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';
import type { SessionEvents } from './amplify-session';

const amplify = vi.hoisted(() => ({
  events: null as SessionEvents | null,
  configureAmplify: vi.fn(),
  getSession: vi.fn(async () => ({ signInName: 'admin@demo.health', offline: false })),
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signInWithPassword: vi.fn(async () => ({ status: 'signed-in' as const })),
  signOut: vi.fn(async () => {}),
}));
vi.mock('./amplify-session', () => ({
  ...amplify,
  configureAmplify: (...args: [unknown, SessionEvents]) => {
    amplify.events = args[1];
    amplify.configureAmplify(...args);
  },
}));

const PREFIX = `CognitoIdentityServiceProvider.${testConfig.cognito.userPoolClientId}`;
const LAST_USER_KEY = `${PREFIX}.LastAuthUser`;

/** A token of the shape Amplify stores (only its expiry is read). */
const jwt = (expiresInMs: number) =>
  ['e30', btoa(JSON.stringify({ exp: Math.floor((Date.now() + expiresInMs) / 1000) })).replace(/=+$/, ''), 'sig'].join('.');

/** Amplify's stored session for user 'admin', tokens expiring in `expiresInMs`. */
function storeSession(expiresInMs: number) {
  localStorage.setItem(LAST_USER_KEY, 'admin');
  localStorage.setItem(`${PREFIX}.admin.idToken`, jwt(expiresInMs));
  localStorage.setItem(`${PREFIX}.admin.accessToken`, jwt(expiresInMs));
  localStorage.setItem(`${PREFIX}.admin.signInDetails`, JSON.stringify({ loginId: 'admin@demo.health', authFlowType: 'USER_PASSWORD_AUTH' }));
}

/** A fresh copy of the module (it keeps the configuration and the loaded Amplify). */
async function freshAuth() {
  vi.resetModules();
  const auth = await import('./auth');
  auth.configureAuth(testConfig);
  return auth;
}

describe('sign-in state without Amplify until it is needed', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.clearAllMocks();
    amplify.events = null;
  });
  afterEach(() => localStorage.clear());

  it('answers "signed out" without loading Amplify when no session is stored', async () => {
    const auth = await freshAuth();
    expect(await auth.getSession()).toBeNull();
    expect(await auth.getIdToken()).toBeNull();
    expect(amplify.configureAmplify).not.toHaveBeenCalled();
    expect(amplify.getSession).not.toHaveBeenCalled();
  });

  it('loads and configures Amplify once when a session is stored, and asks it', async () => {
    localStorage.setItem(LAST_USER_KEY, 'admin');
    const auth = await freshAuth();
    expect(await auth.getSession()).toEqual({ signInName: 'admin@demo.health', offline: false });
    expect(await auth.getIdToken()).toBe('id-token');
    expect(amplify.configureAmplify).toHaveBeenCalledTimes(1);
    expect(amplify.configureAmplify).toHaveBeenCalledWith(testConfig, expect.anything());
  });

  it('starts a stored session with good tokens from storage, and loads Amplify once the first screen has settled and input pauses', async () => {
    vi.useFakeTimers();
    try {
      storeSession(30 * 60_000);
      const auth = await freshAuth();
      expect(await auth.getSession()).toEqual({ signInName: 'admin@demo.health', offline: false });
      expect(await auth.getIdToken()).toBe(localStorage.getItem(`${PREFIX}.admin.idToken`));
      expect(await auth.getAccessToken()).toBe(localStorage.getItem(`${PREFIX}.admin.accessToken`));
      expect(amplify.configureAmplify).not.toHaveBeenCalled();
      // The document's load event does not start it: in an app it comes before the first screen.
      window.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(8_000);
      expect(amplify.configureAmplify).not.toHaveBeenCalled();
      // A pan going on keeps it waiting until the input pauses for a second.
      for (let i = 0; i < 10; i++) {
        window.dispatchEvent(new Event('pointermove'));
        await vi.advanceTimersByTimeAsync(500);
      }
      expect(amplify.configureAmplify).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(amplify.configureAmplify).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks Amplify (which renews them) for tokens about to expire', async () => {
    storeSession(30_000);
    const auth = await freshAuth();
    expect(await auth.getIdToken()).toBe('id-token');
    expect(await auth.getAccessToken()).toBe('access-token');
    expect(amplify.getSession).not.toHaveBeenCalled();
    await auth.getSession();
    expect(amplify.getSession).toHaveBeenCalledTimes(1);
  });

  it('judges stored tokens on the provider’s clock: with this device two hours behind, hour-long tokens are due', async () => {
    storeSession(3_600_000);
    localStorage.setItem(`${PREFIX}.admin.clockDrift`, String(2 * 3_600_000));
    const auth = await freshAuth();
    expect(await auth.getIdToken()).toBe('id-token');
    expect(amplify.getIdToken).toHaveBeenCalledTimes(1);
    // Two hours ahead instead, the same tokens are good for three hours here.
    localStorage.setItem(`${PREFIX}.admin.clockDrift`, String(-2 * 3_600_000));
    const ahead = await freshAuth();
    expect(await ahead.getIdToken()).toMatch(/^e30\./);
  });

  it('loads Amplify for a sign-in even with nothing stored', async () => {
    const auth = await freshAuth();
    await expect(auth.signInWithPassword('nurse@demo.health', 'secret')).resolves.toEqual({ status: 'signed-in' });
    expect(amplify.signInWithPassword).toHaveBeenCalledWith('nurse@demo.health', 'secret');
  });

  it('passes Amplify’s session endings on to listeners and remembers an expiry for this tab', async () => {
    const auth = await freshAuth();
    auth.preloadAuth();
    await vi.waitFor(() => expect(amplify.events).not.toBeNull());
    const reasons: string[] = [];
    auth.onSignedOut((reason) => reasons.push(reason));

    amplify.events?.expiring();
    amplify.events?.signedOut('expired');
    expect(reasons).toEqual(['expired']);
    expect(auth.sessionExpiredOnThisTab()).toBe(true);

    amplify.events?.signedIn();
    expect(auth.sessionExpiredOnThisTab()).toBe(false);
  });

  it('remembers why the API refused the session until the next sign-in, whatever sign-out follows', async () => {
    const refused = 'User account is disabled. Contact your administrator to be reactivated.';
    const auth = await freshAuth();
    await auth.signOut(refused);
    // A request still in flight finds the tokens gone and signs out once more, with nothing to say,
    // before the sign-in screen has read the reason.
    await auth.signOut();
    expect(amplify.signOut).toHaveBeenCalledTimes(2);
    expect(auth.takeSignOutNotice()).toBe(refused);
    expect(auth.takeSignOutNotice()).toBeUndefined();
    // Read once for the navigation; kept for the screen itself until the next sign-in.
    expect(auth.refusalOnThisTab()).toBe(refused);

    // A reason never read (no screen took it) does not outlive the next sign-in either.
    await auth.signOut(refused);
    amplify.events?.signedIn();
    expect(auth.refusalOnThisTab()).toBeUndefined();
    expect(auth.takeSignOutNotice()).toBeUndefined();
  });
});
