import { useEffect } from 'react';
import { onSignedOut } from '@/lib/auth';
import { clearQueryData } from '@/lib/query-client';
import { disconnectRealtime } from '@/lib/realtime';
import type { AppRouter } from './router';

/** Wherever the user is, a signed-out event drops their data and live connection and goes to /auth. */
export function useSignedOutRedirect(router: AppRouter): void {
  useEffect(
    () =>
      onSignedOut(() => {
        disconnectRealtime();
        void clearQueryData();
        void router.navigate({ to: '/auth', replace: true });
      }),
    [router],
  );
}
