import { errorText, showError, showSuccess } from '@/components/toasts';

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
    showError(errorText(error));
    throw error;
  }
}
