import { useCallback } from 'react';
import { showQueued } from '@/components/edit-toasts';
import { showError, showSuccess } from '@/components/toasts';
import { type EditKind, useSubmitEdits } from '@/offline/use-submit-edits';
import type { EditorEditPayload } from './editor-model';
import { EDITOR_SAVE, editorEntity, savedMessage } from './outbox-handlers';

const EDITOR_KIND: EditKind<EditorEditPayload> = { type: EDITOR_SAVE, entity: editorEntity };

/** More accepted changes than this are summed up in one toast instead of one each. */
const TOASTS_PER_SAVE = 3;

/**
 * Saving the editor's changes: one outbox item per entity, sent at once when online; the toasts
 * say what became of them in the editor's words. Answers once they are queued and, online, sent.
 */
export function useSaveEdits(): (payloads: readonly EditorEditPayload[]) => Promise<void> {
  const submit = useSubmitEdits();
  return useCallback(
    async (payloads) => {
      if (payloads.length === 0) return;
      await submit(EDITOR_KIND, payloads, ({ outcome }) => {
        const messages = outcome.sent.flatMap((item) => savedMessage(item.payload) ?? []);
        if (outcome.sent.length > TOASTS_PER_SAVE) showSuccess(`${outcome.sent.length} changes saved.`);
        else messages.forEach((message) => showSuccess(message));
        for (const item of outcome.refused) {
          const { entity } = item.payload;
          showError(`${entity.name} – ${item.lastError ?? 'not accepted'}`, `Failed to ${entity.id === null ? 'add' : item.payload.publish ? 'publish' : 'edit'} ${entity.entityType === 'DEVICE' ? 'device' : 'zone'}.`);
        }
        const queued = outcome.total - outcome.sent.length - outcome.refused.length;
        if (queued > 0) showQueued(queued === 1 ? 'One change' : `${queued} changes`, outcome.offline);
      });
    },
    [submit],
  );
}
