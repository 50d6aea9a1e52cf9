import { useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { getConfig } from '@/lib/config';

/**
 * Keeps the signed-in user's private channel subscribed while the shell is mounted. The live
 * connection (and its library) comes once the shell has painted: the page comes first.
 */
export function useUserChannel(userId: number): void {
  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let unmounted = false;
    afterNextPaint(() => {
      void import('@/lib/realtime').then(({ subscribeUserChannel }) => {
        if (!unmounted) unsubscribe = subscribeUserChannel(getConfig(), userId).unsubscribe;
      });
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [userId]);
}
