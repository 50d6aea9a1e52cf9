import type { UserListRow } from '@contracts/user-list';

/** A row of the Users list for tests: user `id` of St Mary's, active, with no sign-in account unless given. */
export function userRow(id: number, overrides: Partial<UserListRow> = {}): UserListRow {
  return {
    id,
    userName: `user${id}@example.org`,
    firstName: 'User',
    lastName: String(id),
    clientUserId: null,
    professionId: null,
    organizationId: 3,
    groupId: null,
    active: true,
    device: null,
    nfcTag: null,
    email: `user${id}@example.org`,
    pendingEmail: null,
    changeable: true,
    phone: null,
    picture: null,
    roleId: 4,
    roleName: 'Individual User',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    cognito: null,
    ...overrides,
  };
}
