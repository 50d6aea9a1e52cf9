import type { UserListRow } from '@contracts/user-list';
import { useMemo } from 'react';
import type { DataColumn, DataTableSort } from '@/components/data-table';
import { useSession } from '@/lib/session-context';
import { userName } from './user-rules';

/** Both tables open in name order; their CSV follows the order the user then chooses. */
export const USERS_INITIAL_SORT: DataTableSort = { key: 'name', direction: 'asc' };

/**
 * The columns the Users and Access Management tables share, by key (each page lists them in its
 * own order, among its own): the organization and profession named from the session's bootstrap.
 */
export function useUserColumns() {
  const { bootstrap } = useSession();
  const { organizations } = bootstrap;
  const { professions } = bootstrap.enums;
  return useMemo(() => {
    const organizationName = new Map(organizations.map((o) => [o.id, o.name]));
    const professionName = new Map(professions.map((p) => [p.professionId, p.name]));
    return {
      name: { key: 'name', header: 'Name', value: userName },
      userName: { key: 'userName', header: 'Username', value: (r) => r.userName, fold: true },
      clientUserId: { key: 'clientUserId', header: 'Employee ID', value: (r) => r.clientUserId, fold: true },
      organization: { key: 'organization', header: 'Organization', value: (r) => organizationName.get(r.organizationId) ?? null },
      profession: { key: 'profession', header: 'Profession', value: (r) => (r.professionId ? (professionName.get(r.professionId) ?? r.professionId) : null), fold: true },
      role: { key: 'role', header: 'Permissions Template', value: (r) => r.roleName, fold: true },
      email: { key: 'email', header: 'Email', value: (r) => r.email, fold: true },
    } satisfies Record<string, DataColumn<UserListRow>>;
  }, [organizations, professions]);
}
