// A user's site access: derived from their sign-in account's status
// and their active flag. Shared by the Access Management screen, its filter and the exports.

export const SITE_ACCESS_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'AWAITING_INVITE', 'PENDING_LOGIN', 'NO_ACCESS'] as const;
export type SiteAccessStatus = (typeof SITE_ACCESS_STATUSES)[number];

export const SITE_ACCESS_LABELS: Record<SiteAccessStatus, string> = {
  CONFIRMED: 'Site Access',
  FORCE_CHANGE_PASSWORD: 'Invited',
  AWAITING_INVITE: 'Awaiting Invite',
  PENDING_LOGIN: 'Pending Login',
  NO_ACCESS: 'No Access',
};

/** The sign-in account as the identity provider reports it; null when the user has none. */
export interface SignInAccountState {
  status: string;
  enabled: boolean;
}

/** The site-access status of a user with this active flag and sign-in account. */
export function siteAccessOf(active: boolean, account: SignInAccountState | null): SiteAccessStatus {
  if (!active) return 'NO_ACCESS';
  if (!account) return 'PENDING_LOGIN';
  if (account.status === 'CONFIRMED') return 'CONFIRMED';
  if (account.status === 'FORCE_CHANGE_PASSWORD') return account.enabled ? 'FORCE_CHANGE_PASSWORD' : 'AWAITING_INVITE';
  return 'NO_ACCESS';
}
