import { useEffect } from 'react';
import { DATA_EXPORT_COMPLETE_MESSAGE, DATA_EXPORT_EVENT, EXPORT_TOAST_MS } from '@contracts/reports/data-exports';
import { userChannelName } from '@contracts/realtime';
import { notifications } from '@mantine/notifications';
import { getConfig } from '@/lib/config';

/**
 * Listens for `data-export` on the user's private channel (which the shell keeps subscribed): the
 * toast "Data export complete." for 10 s, and `onEvent` (refresh the requests). Only the listener
 * is removed on leaving: the channel stays the shell's.
 */
export function useExportEvents(userId: number, onEvent: () => void): void {
  useEffect(() => {
    let unbind: (() => void) | null = null;
    let unmounted = false;
    const handler = () => {
      notifications.show({ color: 'teal', message: DATA_EXPORT_COMPLETE_MESSAGE, autoClose: EXPORT_TOAST_MS });
      onEvent();
    };
    void import('@/lib/realtime').then(({ connectRealtime }) => {
      if (unmounted) return;
      const pusher = connectRealtime(getConfig());
      const name = userChannelName(userId);
      const channel = pusher.channel(name) ?? pusher.subscribe(name);
      channel.bind(DATA_EXPORT_EVENT, handler);
      unbind = () => channel.unbind(DATA_EXPORT_EVENT, handler);
    });
    return () => {
      unmounted = true;
      unbind?.();
    };
  }, [userId, onEvent]);
}
