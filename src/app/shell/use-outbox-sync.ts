import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { useSession } from '@/lib/session-context';
import { offlineStorageAvailable } from '@/offline/storage-available';
import { startOutboxSync } from '@/offline/sync';
import { outboxUserOf } from '@/offline/use-outbox-view';
import { showChangesSent } from './changes-sent';

/** Sends the signed-in user's queued edits on every trigger while the shell is mounted (and never another user's). */
export function useOutboxSync(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userSub = outboxUserOf(user);
  useEffect(() => {
    if (!offlineStorageAvailable()) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // The handlers (and the contracts they validate with) and the storage code load once the page
    // has painted: a report opened first does not wait for the NFC and badge code.
    void new Promise<void>((resolve) => afterNextPaint(resolve))
      .then(() => Promise.all([import('../outbox-handlers'), import('@/offline/db')]))
      .then(([{ registerOutboxHandlers }, { offlineDb }]) => {
        if (cancelled) return;
        registerOutboxHandlers();
        stop = startOutboxSync({
          db: offlineDb(),
          userSub,
          refresh: (keys) => {
            for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
          },
          onWaitingSent: showChangesSent,
        });
      })
      .catch(() => {
        // Offline before the code was cached: the next start sends the queue.
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userSub, queryClient]);
}
