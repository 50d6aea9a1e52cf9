import { describe, expect, it } from 'vitest';
import { SITE_ACCESS_LABELS, siteAccessOf } from '../../../server/src/contracts/site-access';

// Site-access status (docs/SCREENS.md 'Site-access status'): derived from the sign-in account's status and the
// active flag.
describe('siteAccessOf', () => {
  const label = (active: boolean, account: { status: string; enabled: boolean } | null) => SITE_ACCESS_LABELS[siteAccessOf(active, account)];

  it('names each status as the Access Management screen shows it', () => {
    expect(label(true, { status: 'CONFIRMED', enabled: true })).toBe('Site Access');
    expect(label(true, { status: 'FORCE_CHANGE_PASSWORD', enabled: true })).toBe('Invited');
    expect(label(true, { status: 'FORCE_CHANGE_PASSWORD', enabled: false })).toBe('Awaiting Invite');
    expect(label(true, null)).toBe('Pending Login');
  });

  it('gives No Access to an inactive user, whatever their account, and to any other account status', () => {
    expect(label(false, { status: 'CONFIRMED', enabled: true })).toBe('No Access');
    expect(label(false, null)).toBe('No Access');
    expect(label(true, { status: 'RESET_REQUIRED', enabled: true })).toBe('No Access');
    expect(label(true, { status: 'UNCONFIRMED', enabled: true })).toBe('No Access');
  });
});
