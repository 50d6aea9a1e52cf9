import { createRoute, redirect, type RouteComponent } from '@tanstack/react-router';
import { loadSessionData } from '@/features/session/load-session';
import { ACCOUNT_INACTIVE_MESSAGE } from '@contracts/session';
import { ApiError } from '@/lib/api-client';
import { getSession, signOut } from '@/lib/auth';
import type { SessionData } from '@/lib/session-context';
import { preloadPage } from '@/routes/page-components';
import { rootRoute } from '@/routes/root';
import { WorkspacePending } from '@/routes/workspace-pending';

/** The session /app last loaded, reused while the visitor stays inside /app. */
let loaded: SessionData | null = null;
/** /app's component: the shell around every page (see setAppShell). */
let shell: RouteComponent | undefined;

/** /app: the signed-in area. No session → /auth (which returns here once signed in); otherwise bootstrap and role are loaded first. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app',
  beforeLoad: async ({ context, cause, location }) => {
    // Moving within /app (another page, a filter in the address) keeps the loaded session: the
    // shell stays mounted instead of flashing the spinner. Signing out leaves /app, so the next
    // entry loads afresh.
    if (cause === 'stay' && loaded) return { session: loaded };
    const session = await getSession();
    // Signing in returns to the address asked for (a shared link to a report, say).
    if (!session) throw redirect({ to: '/auth', replace: true, search: location.href === '/app' ? {} : { redirect: location.href } });
    // The router fetches route code only after every guard has run; the shell and the page are
    // sure to be needed now, so they download while the session's data loads. (In a task of their
    // own each: asking for some forty modules is a few milliseconds of work.)
    setTimeout(() => {
      shell?.preload?.()?.catch(() => {});
      setTimeout(() => preloadPage(location.pathname), 0);
    }, 0);
    try {
      loaded = await loadSessionData(context.queryClient, session);
    } catch (error) {
      // A deactivated account (or one whose site access was revoked): the API client has signed
      // out on the 401 already; the sign-in screen says why.
      if (error instanceof ApiError && error.status === 401 && error.message === ACCOUNT_INACTIVE_MESSAGE) {
        throw redirect({ to: '/auth', replace: true, state: { notice: error.message } });
      }
      // The API knows the sign-in but refuses its account (never invited here): staying signed in
      // would only fail again, so sign out and say why.
      if (!(error instanceof ApiError) || error.status !== 403) throw error;
      await signOut(error.message);
      throw redirect({ to: '/auth', replace: true, state: { notice: error.message } });
    }
    return { session: loaded };
  },
  pendingComponent: WorkspacePending,
  pendingMs: 0,
  // Cached sessions load in a few ms: no need to hold the spinner on screen for the default 500 ms.
  pendingMinMs: 0,
});

/**
 * Gives /app its component, the shell (navigation, live updates) around every page, a chunk of its
 * own: the app that builds the router provides it, as routes do not import the app.
 */
export function setAppShell(component: RouteComponent): void {
  shell = component;
  appRoute.update({ component });
}
