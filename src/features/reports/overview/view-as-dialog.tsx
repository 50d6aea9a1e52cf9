import { Modal, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { displayName } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { useGroupOnlyPeople } from '../shared/group-only';
import type { UserSummary } from '@contracts/entities';

/** Users per page in the View As list (docs/SCREENS.md 'View As'). */
export const VIEW_AS_PAGE_SIZE = 8;

interface Row {
  user: UserSummary;
  name: string;
  profession: string;
  organization: string;
}

/** Every organization id under (and including) the given ones. */
function withDescendants(organizations: readonly { id: number; parentId: number | null }[], ids: readonly number[]): Set<number> {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of organizations) {
      if (o.parentId !== null && out.has(o.parentId) && !out.has(o.id)) {
        out.add(o.id);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * View As: the active users of the selected organizations (from the session's user list, so it
 * also works offline), searchable by name, profession, employee id or organization, 8 per page;
 * choosing one opens their user overview.
 */
export function ViewAsDialog({ opened, onClose, organizationIds }: { opened: boolean; onClose: () => void; organizationIds: readonly number[] }) {
  const { bootstrap } = useSession();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // People of group-only units are not offered (docs/PRIVACY.md 'Group-only units').
  const masked = useGroupOnlyPeople();
  const rows = useMemo<Row[]>(() => {
    const orgs = withDescendants(bootstrap.organizations, organizationIds);
    const orgName = new Map(bootstrap.organizations.map((o) => [o.id, o.name]));
    const professionName = new Map(bootstrap.enums.professions.map((p) => [p.professionId, p.name]));
    return bootstrap.users
      .filter((u) => u.active && orgs.has(u.organizationId) && !masked.has(u.id))
      .map((user) => ({
        user,
        name: displayName(user),
        profession: user.professionId ? (professionName.get(user.professionId) ?? user.professionId) : '',
        organization: orgName.get(user.organizationId) ?? '',
      }));
  }, [bootstrap, organizationIds, masked]);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) => [r.name, r.profession, r.user.clientUserId ?? '', r.organization].some((text) => text.toLowerCase().includes(needle)))
    : rows;
  const columns: DataColumn<Row>[] = [
    { key: 'name', header: 'Name', value: (r) => r.name },
    { key: 'profession', header: 'Profession', value: (r) => r.profession },
    { key: 'employeeId', header: 'Employee ID', value: (r) => r.user.clientUserId },
    { key: 'organization', header: 'Organization', value: (r) => r.organization },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="View As" size="xl">
      <Stack>
        <TextInput
          label="Search users"
          placeholder="Name, profession, employee ID or organization"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        <DataTable
          label="Users to view as"
          columns={columns}
          rows={shown}
          rowKey={(r) => r.user.id}
          pageSize={VIEW_AS_PAGE_SIZE}
          initialSort={{ key: 'name', direction: 'asc' }}
          emptyText="No active users match"
          onRowClick={(r) => {
            onClose();
            void navigate({ to: '/app/reports/user-overview', search: { userId: r.user.id } });
          }}
        />
      </Stack>
    </Modal>
  );
}
