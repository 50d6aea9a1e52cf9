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

/**
 * Runs a form's save: on success says `success`; on failure shows the server's message and
 * rethrows, so the form stays open with what was typed.
 */
export async function saveWithToasts<T>(save: () => Promise<T>, success: string | ((answer: T) => string)): Promise<T> {
  try {
    const answer = await save();
    showSuccess(typeof success === 'function' ? success(answer) : success);
    return answer;
  } catch (error) {
    showError((error as Error).message);
    throw error;
  }
}
