import { SITE_ACCESS_LABELS, siteAccessOf, type SiteAccessStatus } from '@contracts/site-access';
import type { UserListRow } from '@contracts/user-list';

// Access Management's rules (docs/SCREENS.md 'Access Management').

/** Rows per page and users per request on the access screen. */
export const ACCESS_PAGE_SIZE = 16;
export const ACCESS_FETCH_SIZE = 80;
/** The group-actions dialog closes this long after its last action. */
export const GROUP_DIALOG_CLOSE_MS = 1_000;

/** The toasts (docs/SCREENS.md 'Access Management'). */
export const ACCESS_MESSAGES = {
  invited: (destination: string) => `Invite email sent to ${destination}`,
  revoked: (name: string) => `${name}: site access revoked`,
  granted: (name: string) => `Site access granted to user ${name}`,
  inviteFailed: 'Error sending invite email',
  failedFor: (name: string) => `operation failed for user ${name}`,
  progress: (done: number, total: number) => `${done}/${total} actions completed`,
} as const;

/** A row's action: what its status allows. */
export type AccessAction = 'revoke' | 'grant' | 'invite' | 'details';
/** The actions that can run over a selection (User Details opens one user's dialog). */
export type GroupAction = Exclude<AccessAction, 'details'>;

export const ACTION_LABELS: Record<AccessAction, string> = {
  revoke: 'Revoke Access',
  grant: 'Grant Access',
  invite: 'Invite User',
  details: 'User Details',
};

/** The status filter's values: ALL and the statuses; 'Invited' takes 'Awaiting Invite' in too, as the spec's values do. */
export const STATUS_FILTERS = ['ALL', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'PENDING_LOGIN', 'NO_ACCESS'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: value === 'ALL' ? 'All' : SITE_ACCESS_LABELS[value] }));

export { userName } from '@/entities/users/user-rules';

/** The row's site-access status, from its sign-in account and active flag. */
export const statusOf = (row: UserListRow): SiteAccessStatus => siteAccessOf(row.active, row.cognito ?? null);

/** Whether the row passes the status filter (none: every row). */
export function matchesStatus(row: UserListRow, filter: StatusFilter | null): boolean {
  if (!filter || filter === 'ALL') return true;
  const status = statusOf(row);
  return filter === 'FORCE_CHANGE_PASSWORD' ? status === 'FORCE_CHANGE_PASSWORD' || status === 'AWAITING_INVITE' : status === filter;
}

/**
 * The one action a row offers, or null: none on the caller's own row, and none for an
 * inactive user whose account is in a state the spec gives no action for (not reached through the
 * console). A user above the caller is only shown (User Details; docs/PERMISSIONS.md).
 */
export function actionOf(row: UserListRow, myId: number): AccessAction | null {
  if (row.id === myId) return null;
  const account = row.cognito ?? null;
  if (!account || !row.changeable) return 'details';
  if (!row.active) return 'grant';
  if (account.status === 'CONFIRMED') return 'revoke';
  if (account.status === 'FORCE_CHANGE_PASSWORD') return 'invite';
  return null;
}

/** The selected rows split by whether `action` applies to them. */
export function planOf(rows: readonly UserListRow[], action: GroupAction, myId: number): { apply: UserListRow[]; skip: UserListRow[] } {
  const apply: UserListRow[] = [];
  const skip: UserListRow[] = [];
  for (const row of rows) (actionOf(row, myId) === action ? apply : skip).push(row);
  return { apply, skip };
}
