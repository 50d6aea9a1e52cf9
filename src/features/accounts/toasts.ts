import { notifications } from '@mantine/notifications';

/** Errors stay long enough to be read; the rest use the app's default. */
const ERROR_TOAST_MS = 10_000;

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

/** A failed submit: the server's message (03 §8 'General'). */
export function showError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: ERROR_TOAST_MS });
}
