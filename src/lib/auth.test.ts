import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';
import type { SessionEvents } from './amplify-session';

const amplify = vi.hoisted(() => ({
  events: null as SessionEvents | null,
  configureAmplify: vi.fn(),
  getSession: vi.fn(async () => ({ signInName: 'admin@demo.health', offline: false })),
  getIdToken: vi.fn(async () => 'id-token'),
  signInWithPassword: vi.fn(async () => ({ status: 'signed-in' as const })),
}));
vi.mock('./amplify-session', () => ({
  ...amplify,
  configureAmplify: (...args: [unknown, SessionEvents]) => {
    amplify.events = args[1];
    amplify.configureAmplify(...args);
  },
}));

const LAST_USER_KEY = `CognitoIdentityServiceProvider.${testConfig.cognito.userPoolClientId}.LastAuthUser`;

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
});
