import { notifications } from '@mantine/notifications';

// The app's toasts, in one place: what was done stays the app's default 3 s
// (src/app/toast-container.tsx); what went wrong, an edit not sent yet (edit-toasts.ts), and a report's
// notices stay long enough to be read.

/** How long an error, or a report's notice, stays on screen. */
export const LONG_TOAST_MS = 10_000;

/** The words of whatever was thrown. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What was done. `long` keeps it as long as an error (a report's notice). */
export function showSuccess(message: string, options: { title?: string; long?: boolean } = {}): string {
  return notifications.show({ color: 'teal', title: options.title, message, ...(options.long ? { autoClose: LONG_TOAST_MS } : {}) });
}

/** What went wrong: the server's reason, under a title when the screen names the action that failed. */
export function showError(message: string, title?: string): string {
  return notifications.show({ color: 'red', title, message, autoClose: LONG_TOAST_MS });
}
