import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientErrorBody } from '@contracts/client-errors';
import { crashReports, installCrashReports } from '@/lib/crash-reports';
import { render } from '@/test/render';
import { CRASH_TEXTS } from './crash-screen';
import { AppErrorBoundary } from './error-boundary';
import { RouteError } from './route-error';

// The crash screen says the team has been notified: the app's boundary, the router's error
// component and a promise nobody handled each post the failure to the API, once.

const posted: { url: string; body: ClientErrorBody }[] = [];
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  posted.push({ url, body: JSON.parse(init.body as string) as ClientErrorBody });
  return new Response(JSON.stringify({ received: true }), { status: 201 });
});

beforeAll(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  posted.length = 0;
});

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

describe('crash reports', () => {
  it('the app’s boundary posts a failed render once, with its component stack, and says the team was told', async () => {
    render(
      <StrictMode>
        <AppErrorBoundary onHome={() => {}}>
          <Broken message="The overview could not render" />
        </AppErrorBoundary>
      </StrictMode>,
    );
    expect(screen.getByText(CRASH_TEXTS.body)).toBeInTheDocument();
    await waitFor(() => expect(posted).toHaveLength(1));
    // No second post arrives for the same failure.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/api/client-errors/anonymous');
    expect(posted[0]!.body).toMatchObject({ kind: 'render', message: 'Error: The overview could not render', route: '/', release: 'dev', userId: null });
    expect(posted[0]!.body.stack).toContain('Component stack:');
    expect(posted[0]!.body.stack).toContain('Broken');
  });

  it('the router’s error component posts a failed route', async () => {
    const root = createRootRoute({ component: Outlet });
    const failing = createRoute({
      getParentRoute: () => root,
      path: '/app/reports/overview',
      loader: () => {
        throw new Error('The report could not load');
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([failing]),
      history: createMemoryHistory({ initialEntries: ['/app/reports/overview'] }),
      defaultErrorComponent: RouteError,
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: CRASH_TEXTS.title })).toBeInTheDocument();
    await waitFor(() => expect(posted.map((p) => p.body.kind)).toEqual(['route']));
    expect(posted[0]!.body).toMatchObject({ message: 'Error: The report could not load' });
  });

  it('a promise nobody handled is posted, with the signed-in user the app knows', async () => {
    const remove = installCrashReports();
    crashReports.setUser(42);
    try {
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('Nobody waited for this') }));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body).toMatchObject({ kind: 'rejection', message: 'Error: Nobody waited for this', userId: 42 });
    } finally {
      crashReports.setUser(null);
      remove();
    }
  });

  it('offline, the crash screen says the team will hear once the connection is back, and they do', async () => {
    const remove = installCrashReports();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(
        <AppErrorBoundary onHome={() => {}}>
          <Broken message="Offline failure" />
        </AppErrorBoundary>,
      );
      expect(screen.getByText(CRASH_TEXTS.offlineBody)).toBeInTheDocument();
      await waitFor(() => expect(crashReports.queued()).toBe(1));
      expect(posted).toHaveLength(0);
      offline.mockRestore();
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(posted.map((p) => p.body.message)).toEqual(['Error: Offline failure']));
      expect(crashReports.queued()).toBe(0);
    } finally {
      offline.mockRestore();
      remove();
    }
  });
});
