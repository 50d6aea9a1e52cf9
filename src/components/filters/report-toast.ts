import { notifications } from '@mantine/notifications';
import { LONG_TOAST_MS, showError, showSuccess } from '../toasts';

/** Toasts on the reports area stay longer than the app's default 3 s: a report's notice is worth reading. */
export const REPORT_TOAST_MS = LONG_TOAST_MS;

/** A report's error toast. */
export function showReportError(message: string, title = 'Could not load the report'): string {
  return showError(message, title);
}

/** A report's success toast, kept as long as its errors. */
export function showReportSuccess(message: string): string {
  return showSuccess(message, { long: true });
}

/** Said when a report link named organizations or locations the user has no access to. */
export const OUT_OF_SCOPE_NOTICE = 'This link named organizations or locations outside your access. They were left out.';

/** Says, once, that the address's ids outside the user's access were left out. */
export function showOutOfScopeNotice(): string {
  return notifications.show({ id: 'out-of-scope', color: 'yellow', message: OUT_OF_SCOPE_NOTICE, autoClose: REPORT_TOAST_MS });
}
