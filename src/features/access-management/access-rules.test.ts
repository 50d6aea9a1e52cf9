import { describe, expect, it } from 'vitest';
import type { UserListRow } from '@contracts/user-list';
import { userRow } from '@/entities/users/test-data';
import { ACCESS_MESSAGES, actionOf, matchesStatus, planOf } from './access-rules';

const ME = 1;
const row = (id: number, active: boolean, cognito: UserListRow['cognito']): UserListRow => userRow(id, { active, cognito });

const confirmed = row(2, true, { status: 'CONFIRMED', enabled: true });
const revoked = row(3, false, { status: 'CONFIRMED', enabled: false });
const invited = row(4, true, { status: 'FORCE_CHANGE_PASSWORD', enabled: true });
const awaiting = row(5, true, { status: 'FORCE_CHANGE_PASSWORD', enabled: false });
const noAccount = row(6, true, null);
const inactiveNoAccount = row(7, false, null);

describe('the action a row offers', () => {
  it('follows the status', () => {
    expect(actionOf(confirmed, ME)).toBe('revoke');
    expect(actionOf(revoked, ME)).toBe('grant');
    expect(actionOf(invited, ME)).toBe('invite');
    expect(actionOf(awaiting, ME)).toBe('invite');
    expect(actionOf(noAccount, ME)).toBe('details');
    expect(actionOf(inactiveNoAccount, ME)).toBe('details');
    expect(actionOf(row(8, true, { status: 'RESET_REQUIRED', enabled: true }), ME)).toBeNull();
  });

  it('only shows a user above the caller, whatever their status', () => {
    for (const above of [confirmed, revoked, invited, noAccount]) expect(actionOf({ ...above, changeable: false }, ME)).toBe('details');
    expect(planOf([confirmed, { ...row(9, true, { status: 'CONFIRMED', enabled: true }), changeable: false }], 'revoke', ME)).toMatchObject({
      apply: [confirmed],
      skip: [{ id: 9 }],
    });
  });

  it('offers nothing on the caller’s own row', () => {
    expect(actionOf({ ...confirmed, id: ME }, ME)).toBeNull();
  });

  it('splits a selection into the rows a group action applies to and those it skips', () => {
    const { apply, skip } = planOf([confirmed, revoked, invited, { ...confirmed, id: ME }], 'revoke', ME);
    expect(apply.map((r) => r.id)).toEqual([2]);
    expect(skip.map((r) => r.id)).toEqual([3, 4, ME]);
  });
});

describe('the status filter', () => {
  it('keeps the rows of the chosen status; Invited takes Awaiting Invite in too', () => {
    const all = [confirmed, revoked, invited, awaiting, noAccount];
    expect(all.filter((r) => matchesStatus(r, 'ALL'))).toHaveLength(5);
    expect(all.filter((r) => matchesStatus(r, null))).toHaveLength(5);
    expect(all.filter((r) => matchesStatus(r, 'CONFIRMED'))).toEqual([confirmed]);
    expect(all.filter((r) => matchesStatus(r, 'FORCE_CHANGE_PASSWORD'))).toEqual([invited, awaiting]);
    expect(all.filter((r) => matchesStatus(r, 'PENDING_LOGIN'))).toEqual([noAccount]);
    expect(all.filter((r) => matchesStatus(r, 'NO_ACCESS'))).toEqual([revoked]);
  });
});

it('words the group progress as the spec does', () => {
  expect(ACCESS_MESSAGES.progress(1, 3)).toBe('1/3 actions completed');
});
