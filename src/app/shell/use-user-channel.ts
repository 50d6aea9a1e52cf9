import { useEffect } from 'react';
import { getConfig } from '@/lib/config';
import { subscribeUserChannel } from '@/lib/realtime';

/** Keeps the signed-in user's private channel subscribed while the shell is mounted. */
export function useUserChannel(userId: number): void {
  useEffect(() => {
    const { unsubscribe } = subscribeUserChannel(getConfig(), userId);
    return unsubscribe;
  }, [userId]);
}
