import { notifications } from '@mantine/notifications';

/** Toasts on the reports area stay longer than the app's default 3 s: a report error is worth reading. */
export const REPORT_TOAST_MS = 10_000;

/** Shows a report error toast for `REPORT_TOAST_MS`. */
export function showReportError(message: string, title = 'Could not load the report'): string {
  return notifications.show({ color: 'red', title, message, autoClose: REPORT_TOAST_MS });
}

/** Shows a report success toast for `REPORT_TOAST_MS`. */
export function showReportSuccess(message: string): string {
  return notifications.show({ color: 'teal', message, autoClose: REPORT_TOAST_MS });
}

/** Said when a report link named organizations or locations the user has no access to. */
export const OUT_OF_SCOPE_NOTICE = 'This link named organizations or locations outside your access. They were left out.';

/** Says, once, that the address's ids outside the user's access were left out. */
export function showOutOfScopeNotice(): string {
  return notifications.show({ id: 'out-of-scope', color: 'yellow', message: OUT_OF_SCOPE_NOTICE, autoClose: REPORT_TOAST_MS });
}
