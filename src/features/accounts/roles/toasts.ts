import { notifications } from '@mantine/notifications';

/** Errors stay long enough to be read. */
const ERROR_TOAST_MS = 10_000;

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

/** An error toast: the spec's title with the server's reason. */
export function showError(title: string, error: unknown): void {
  notifications.show({ color: 'red', title, message: error instanceof Error ? error.message : String(error), autoClose: ERROR_TOAST_MS });
}
