import { notifications } from '@mantine/notifications';

/** Errors stay long enough to be read; the rest use the app's default. */
const ERROR_TOAST_MS = 10_000;

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

export function showError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: ERROR_TOAST_MS });
}

/** An edit kept in the outbox: sent on reconnect (offline) or at the next retry (server unreachable). */
export function showQueued(what: string, offline: boolean): void {
  notifications.show({
    color: 'gray',
    title: offline ? 'Saved on this device' : 'Waiting to be sent',
    message: offline
      ? `${what} will be sent when the connection is back.`
      : `${what} could not be sent yet and will be retried automatically.`,
  });
}
