import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { auditDb, type AuditDatabase } from './audit-store';

/**
 * What `read` answers from the observation audits' store, read again whenever a table it read
 * changes (an edit of this tab or another); undefined until the first answer.
 */
export function useLiveStore<T>(read: (db: AuditDatabase) => Promise<T>, key: string): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(() => read(auditDb())).subscribe({
      next: (value) => setState({ key, value }),
      error: (error: unknown) => console.warn('Could not read the observation audits kept on this device', error),
    });
    return () => subscription.unsubscribe();
    // `key` names what `read` reads: a new key, a new subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // An answer for another key (the user changed) is not shown.
  return state?.key === key ? state.value : undefined;
}
