import { notifications } from '@mantine/notifications';
import type { EditResult } from '@/offline/use-submit-edits';
import { LONG_TOAST_MS, showError, showSuccess } from './toasts';

// The toasts of edits sent through the outbox: accepted, refused (the server's reason), or kept on the device.

/**
 * An edit kept in the outbox: sent on reconnect (offline) or at the next retry (server unreachable).
 * It stays as long as an error: a technician glancing back at the tablet learns the edit is not sent yet.
 */
export function showQueued(what: string, offline: boolean): void {
  notifications.show({
    color: 'gray',
    autoClose: LONG_TOAST_MS,
    title: offline ? 'Saved on this device' : 'Waiting to be sent',
    message: offline
      ? `${what} will be sent when the connection is back.`
      : `${what} could not be sent yet and will be retried automatically.`,
  });
}

/** The toast of an edit submitted alone: what was done, the title of a refusal, what is still queued. */
export function toastEditResult(result: EditResult, words: { accepted: string; refused: string; queued: string }): void {
  if (result.state === 'accepted') showSuccess(words.accepted);
  else if (result.state === 'refused') showError(result.reason, words.refused);
  else showQueued(words.queued, result.offline);
}
