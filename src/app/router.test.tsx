import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@/lib/auth';
import type * as QueryClientModule from '@/lib/query-client';
import type { SessionData } from '@/lib/session-context';
import { makeSession, testConfig, type DemoRoleKey } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

const state = vi.hoisted(() => ({
  session: null as SessionInfo | null,
  data: null as SessionData | null,
  loadSession: null as null | (() => Promise<SessionData>),
  signedOutListeners: new Set<(reason: 'signed-out' | 'expired') => void>(),
}));

vi.mock('@/lib/auth', () => ({
  getSession: vi.fn(async () => state.session),
  signOut: vi.fn(async () => {}),
  signInWithPassword: vi.fn(),
  preloadAuth: vi.fn(),
  sessionExpiredOnThisTab: () => false,
  refusalOnThisTab: () => undefined,
  takeSignOutNotice: vi.fn(() => undefined),
  onSignedOut: (listener: (reason: 'signed-out' | 'expired') => void) => {
    state.signedOutListeners.add(listener);
    return () => state.signedOutListeners.delete(listener);
  },
}));
vi.mock('@/features/session/load-session', () => ({
  loadSessionData: vi.fn(() => (state.loadSession ? state.loadSession() : Promise.resolve(state.data))),
}));
vi.mock('@/lib/realtime', () => ({
  subscribeUserChannel: vi.fn(() => ({ channel: {}, unsubscribe: vi.fn() })),
  disconnectRealtime: vi.fn(),
}));
vi.mock('@/lib/config', () => ({ getConfig: () => testConfig }));
vi.mock('@/lib/query-client', async (importOriginal) => ({
  ...(await importOriginal<typeof QueryClientModule>()),
  clearQueryData: vi.fn(async () => {}),
}));

import { App } from './app';
import { REPORT_KEEPS } from '@/routes/route-table';
import { createAppRouter } from './router';

function signInAs(who: DemoRoleKey | null) {
  state.session = who ? { signInName: `${who}@demo.health`, offline: false } : null;
  state.data = who ? makeSession(who) : null;
}

async function openApp(path: string) {
  const queryClient = createTestQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} />);
  await act(() => router.load());
  await waitFor(() => expect(router.state.status).toBe('idle'));
  return router;
}

const pathOf = (router: Awaited<ReturnType<typeof openApp>>) => router.state.location.pathname;

describe('routes and guards', () => {
  beforeEach(() => {
    state.loadSession = null;
    state.signedOutListeners.clear();
  });

  it('sends a visitor without a session to /auth', async () => {
    signInAs(null);
    const router = await openApp('/app/reports/overview');
    expect(pathOf(router)).toBe('/auth');
    expect(await screen.findByText('Your Vital Partner in Patient Safety')).toBeInTheDocument();
  });

  it('sends unknown top-level paths to /auth', async () => {
    signInAs(null);
    expect(pathOf(await openApp('/nowhere/at/all'))).toBe('/auth');
  });

  it('sends a signed-in visitor on /auth to their landing page', async () => {
    signInAs('manager');
    expect(pathOf(await openApp('/auth'))).toBe('/app/reports/overview');
  });

  it('lands the admin on the performance overview', async () => {
    signInAs('admin');
    const router = await openApp('/app');
    expect(pathOf(router)).toBe('/app/reports/overview');
    expect(await screen.findByRole('heading', { name: 'Performance Overview' })).toBeInTheDocument();
  });

  it('opens the IoT Devices page, built like every page of the route table', async () => {
    signInAs('admin');
    await openApp('/app/maintenance/iot-devices');
    expect(await screen.findByRole('heading', { name: 'IoT Devices' })).toBeInTheDocument();
    expect(await screen.findByTestId('iot-devices-page', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('lands the nurse and the technician on the user overview', async () => {
    signInAs('nurse');
    expect(pathOf(await openApp('/app'))).toBe('/app/reports/user-overview');
    signInAs('tech');
    expect(pathOf(await openApp('/app'))).toBe('/app/reports/user-overview');
  });

  it('sends an unknown path under /app to the landing page', async () => {
    signInAs('admin');
    expect(pathOf(await openApp('/app/reports/not-a-report'))).toBe('/app/reports/overview');
  });

  it('sends a user away from a page they may not open, via the root to their landing page', async () => {
    signInAs('manager');
    expect(pathOf(await openApp('/app/maintenance/gateways'))).toBe('/app/reports/overview');
    signInAs('nurse');
    expect(pathOf(await openApp('/app/accounts/users'))).toBe('/app/reports/user-overview');
  });

  it('redirects /app/maintenance/nfc to /app/accounts/nfc', async () => {
    signInAs('tech');
    const router = await openApp('/app/maintenance/nfc');
    expect(pathOf(router)).toBe('/app/accounts/nfc');
    expect(await screen.findByRole('heading', { name: 'NFC Tag Assignment' })).toBeInTheDocument();
  });

  it('carries each report page’s kept filters on its route, for the report pages to read', () => {
    const router = createAppRouter({ queryClient: createTestQueryClient(), history: createMemoryHistory({ initialEntries: ['/'] }) });
    expect(router.routesByPath['/app/reports/compliance'].options.staticData).toEqual({ keeps: REPORT_KEEPS['/app/reports/compliance'] });
    expect(router.routesByPath['/app/reports/contact-tracing'].options.staticData?.keeps).toContain('mode');
    expect(router.routesByPath['/app/reports/data-exports'].options.staticData?.keeps).toBeUndefined();
  });

  it('shows a labelled spinner while the session loads', async () => {
    signInAs('admin');
    state.loadSession = () => new Promise<SessionData>(() => {});
    const queryClient = createTestQueryClient();
    const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: ['/app'] }) });
    render(<App router={router} queryClient={queryClient} />);
    expect(await screen.findByRole('status', { name: 'Loading your workspace…' })).toBeInTheDocument();
  });

  it('names the page being opened while the workspace loads', async () => {
    signInAs('admin');
    state.loadSession = () => new Promise<SessionData>(() => {});
    const queryClient = createTestQueryClient();
    const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: ['/app/reports/handwash'] }) });
    render(<App router={router} queryClient={queryClient} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hand Wash Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your workspace…' })).toBeInTheDocument();
  });

  it('shows the crash screen when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAs('admin');
    state.loadSession = () => Promise.reject(new Error('bootstrap exploded'));
    await openApp('/app/reports/overview');
    expect(await screen.findByRole('heading', { name: "We're sorry" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Home' })).toBeInTheDocument();
  });

  it('signs out an account the API refuses and says why on the sign-in screen', async () => {
    const { ApiError } = await import('@/lib/api-client');
    const { signOut } = await import('@/lib/auth');
    const refusal = 'This sign-in has no account here. Ask your administrator for an invitation.';
    signInAs('admin');
    vi.mocked(signOut).mockImplementationOnce(async () => signInAs(null));
    state.loadSession = () => Promise.reject(new ApiError(403, refusal, { message: refusal }));
    const router = await openApp('/app/reports/overview');
    await waitFor(() => expect(pathOf(router)).toBe('/auth'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledWith(refusal);
    expect(screen.queryByRole('heading', { name: "We're sorry" })).not.toBeInTheDocument();
  });

  it('goes to /auth when the session ends anywhere', async () => {
    signInAs('admin');
    const router = await openApp('/app/accounts/users');
    expect(pathOf(router)).toBe('/app/accounts/users');
    signInAs(null);
    act(() => state.signedOutListeners.forEach((listener) => listener('signed-out')));
    await waitFor(() => expect(pathOf(router)).toBe('/auth'));
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
  });

  it('says why when the session expired', async () => {
    signInAs('admin');
    const router = await openApp('/app/accounts/users');
    signInAs(null);
    act(() => state.signedOutListeners.forEach((listener) => listener('expired')));
    await waitFor(() => expect(pathOf(router)).toBe('/auth'));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('keeps the reason on the sign-in screen when a later request signs out again', async () => {
    const auth = await import('@/lib/auth');
    const inactive = 'User account is disabled. Contact your administrator to be reactivated.';
    signInAs('admin');
    const router = await openApp('/app/accounts/users');
    signInAs(null);
    vi.mocked(auth.takeSignOutNotice).mockReturnValueOnce(inactive);
    act(() => state.signedOutListeners.forEach((listener) => listener('signed-out')));
    await waitFor(() => expect(pathOf(router)).toBe('/auth'));
    expect(await screen.findByText(inactive)).toBeInTheDocument();
    // A request still in flight finds no token and signs out once more, with nothing to say.
    act(() => state.signedOutListeners.forEach((listener) => listener('signed-out')));
    await act(() => router.load());
    expect(pathOf(router)).toBe('/auth');
    expect(screen.getByText(inactive)).toBeInTheDocument();
  });

  it('keeps /password reading the email the sign-in link carries', async () => {
    signInAs(null);
    await openApp('/password?email=nurse%40demo.health');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Organization email or username')).toHaveValue('nurse@demo.health');
  });
});

describe('shell navigation', () => {
  it('shows only the sections the manager may use, with the current page marked', async () => {
    signInAs('manager');
    await openApp('/app/accounts/users');
    // jsdom matches no media query, so this is the narrow (tablet) layout: the drawer holds the navigation.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const sections = within(nav).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Reports', 'Accounts']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Organizations' })).not.toBeInTheDocument();
  });
});

describe('navigation inside /app', () => {
  it('keeps the shell on screen (no full-page spinner) when moving between pages', async () => {
    signInAs('admin');
    const router = await openApp('/app/accounts/users');
    await screen.findByRole('heading', { name: 'Users', level: 1 });
    const seenSpinner = vi.fn();
    const observer = new MutationObserver(() => {
      if (screen.queryByRole('status', { name: 'Loading your workspace…' })) seenSpinner();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await act(() => router.navigate({ to: '/app/maintenance/badges' }));
    await screen.findByRole('heading', { name: 'Badges', level: 1 });
    observer.disconnect();
    expect(seenSpinner).not.toHaveBeenCalled();
  });
});
