import type { UserListRow } from '@contracts/user-list';

/** 'Dana Ortiz' (or the user name when both names are empty). */
export function userLabel(user: Pick<UserListRow, 'firstName' | 'lastName' | 'userName'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.userName;
}
