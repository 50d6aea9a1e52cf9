import { useCallback } from 'react';
import { showQueued } from '@/components/edit-toasts';
import { showError, showSuccess } from '@/components/toasts';
import { type EditKind, useSubmitEdits } from '@/offline/use-submit-edits';
import { PATH_EDIT, pathEntity, type PathEditPayload } from './outbox-handlers';

/** The Path Builder's words for a save. */
export const PATH_MESSAGES = {
  saved: 'Paths successfully saved',
  deleted: 'Paths successfully deleted',
  refused: 'Some paths were not saved',
} as const;

const PATH_EDIT_KIND: EditKind<PathEditPayload> = { type: PATH_EDIT, entity: (payload) => pathEntity(payload.groupId) };

/**
 * Saving a draft: its edits are queued in the outbox (one location's in order) and, online, sent
 * at once; the toast says what became of them. Answers once they are queued.
 */
export function useSavePaths(): (payloads: readonly PathEditPayload[]) => Promise<void> {
  const submit = useSubmitEdits();
  return useCallback(
    async (payloads) => {
      if (payloads.length === 0) return;
      await submit(PATH_EDIT_KIND, payloads, ({ outcome }) => {
        const sent = outcome.sent.length;
        const refused = outcome.refused.length;
        if (sent > 0 && refused === 0 && sent === outcome.total) {
          showSuccess(payloads.some((p) => p.op === 'add') ? PATH_MESSAGES.saved : PATH_MESSAGES.deleted);
        }
        for (const reason of new Set(outcome.refused.map((item) => item.lastError))) showError(reason ?? 'The server refused the change.', PATH_MESSAGES.refused);
        const queued = outcome.total - sent - refused;
        if (queued > 0) showQueued(queued === 1 ? 'One path change' : `${queued} path changes`, outcome.offline);
      });
    },
    [submit],
  );
}
