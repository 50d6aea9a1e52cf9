import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/session-context';
import { offlineDb, offlineStorageAvailable } from '@/offline/db';
import { startOutboxSync } from '@/offline/sync';
import { outboxUserOf } from '@/offline/use-outbox';
import { registerOutboxHandlers } from '../outbox-handlers';

/** Sends the signed-in user's queued edits on every trigger while the shell is mounted (and never another user's). */
export function useOutboxSync(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userSub = outboxUserOf(user);
  useEffect(() => {
    registerOutboxHandlers();
    if (!offlineStorageAvailable()) return;
    return startOutboxSync({
      db: offlineDb(),
      userSub,
      refresh: (keys) => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
    });
  }, [userSub, queryClient]);
}
