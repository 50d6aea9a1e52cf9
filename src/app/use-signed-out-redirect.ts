import { useEffect } from 'react';
import { SESSION_EXPIRED } from '@/features/auth/auth-errors';
import { onSignedOut, takeSignOutNotice } from '@/lib/auth';
import { clearQueryData } from '@/lib/query-client';
import type { AppRouter } from './router';

/**
 * Wherever the user is, a signed-out event drops their data and live connection and goes to /auth
 * (after an ended session, with the page to return to).
 */
export function useSignedOutRedirect(router: AppRouter): void {
  useEffect(
    () =>
      onSignedOut((reason) => {
        // The live connection module is loaded with the workspace; once loaded, importing it again is free.
        void import('@/lib/realtime').then(({ disconnectRealtime }) => disconnectRealtime());
        void clearQueryData();
        // An ended or refused session says why; a deliberate sign-out needs no words.
        const notice = reason === 'expired' ? SESSION_EXPIRED : takeSignOutNotice();
        // Another sign-out on the way to /auth or once there (a request that found the tokens
        // already gone) has nothing to add: the first one's words stay on the screen.
        if (!notice && router.latestLocation.pathname.startsWith('/auth')) return;
        // An ended session returns, once signed in again, to the page it ended on.
        const here = router.state.location.href;
        const search = reason === 'expired' && here.startsWith('/app/') ? { redirect: here } : {};
        void router.navigate({ to: '/auth', search, replace: true, state: notice ? { notice } : {} });
      }),
    [router],
  );
}
