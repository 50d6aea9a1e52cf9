import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { LONG_TOAST_MS } from '@/components/toasts';
import { type EditKind, type EditOutcome, useSubmitEdits } from '@/offline/use-submit-edits';
import { NFC_ASSIGN, NFC_CREATE, nfcEntity, type NfcAssignPayload, type NfcCreatePayload } from './outbox-handlers';

const TOAST_MS = 6_000;

const CREATE: EditKind<NfcCreatePayload> = { type: NFC_CREATE, entity: (payload) => nfcEntity(payload.body.nfcId) };
const ASSIGN: EditKind<NfcAssignPayload> = { type: NFC_ASSIGN, entity: (payload) => nfcEntity(payload.nfcId) };

function toastOutcome<P>(outcome: EditOutcome<P>, words: { done: string; queued: string }): void {
  if (outcome.offline || outcome.waiting.length) {
    notifications.show({ color: 'gray', title: 'Saved on this device', message: words.queued, autoClose: LONG_TOAST_MS });
    return;
  }
  const color = outcome.refused.length === 0 ? 'teal' : outcome.sent.length === 0 ? 'red' : 'yellow';
  const reason = outcome.refused[0]?.lastError;
  notifications.show({ color, message: reason ? `${words.done} — ${reason}` : words.done, autoClose: TOAST_MS });
}

/** The NFC screen's edits, each through the outbox, with the spec's result messages. */
export function useNfcEdits() {
  const submit = useSubmitEdits();

  const importTags = useCallback(
    async (payloads: NfcCreatePayload[]) => {
      const submitted = await submit(CREATE, payloads, ({ outcome }) =>
        toastOutcome(outcome, {
          done: `${outcome.sent.length}/${outcome.total} NFC tags imported`,
          queued: `${outcome.total} NFC tags queued: they are imported when the connection is back.`,
        }),
      );
      return submitted.outcome;
    },
    [submit],
  );

  const addScanned = useCallback(
    async (payloads: NfcCreatePayload[]) => {
      const submitted = await submit(CREATE, payloads, ({ outcome }) => {
        const ids = outcome.sent.map((item) => `${item.payload.body.nfcId}${item.payload.body.nfcShortId}`).join(', ');
        toastOutcome(outcome, {
          done: outcome.refused.length ? `${outcome.sent.length}/${outcome.total} NFC tags added` : `${outcome.sent.length} NFC tags successfully added: ${ids}`,
          queued: `${outcome.total} NFC tags queued: they are added when the connection is back.`,
        });
      });
      return submitted.outcome;
    },
    [submit],
  );

  const assign = useCallback(
    async (payloads: NfcAssignPayload[]) => {
      const unassigning = payloads.length === 1 && payloads[0]?.userId === null;
      const name = payloads[0]?.previousUserName ?? 'the user';
      const submitted = await submit(ASSIGN, payloads, ({ outcome }) => {
        if (unassigning) {
          toastOutcome(outcome, {
            done: outcome.sent.length ? `${name} unassigned successfully.` : `Error unassigning ${name}.`,
            queued: `Unassigning ${name} is queued: it is sent when the connection is back.`,
          });
        } else {
          toastOutcome(outcome, {
            done: outcome.refused.length ? `User assignment failed: ${outcome.refused.length} of ${outcome.total} not accepted` : `${outcome.sent.length} user(s) assigned successfully!`,
            queued: `${outcome.total} assignment(s) queued: they are sent when the connection is back.`,
          });
        }
      });
      return submitted.outcome;
    },
    [submit],
  );

  return { importTags, addScanned, assign };
}
