import type { UserListRow } from '@contracts/user-list';
import type { WearableType } from '@contracts/wearables';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useScopeUsers } from '@/entities/users/api/get-users';
import { userLabel } from '@/entities/users/user-label';
import { useOnlineStatus } from '@/offline/connectivity';
import { wearableWord, type WearableUser } from '@/entities/devices/wearable-unassign';
import { pickableUsers } from '@/entities/devices/assign-rules';

/** The Assign dialog's pick list shows this many users a page. */
export const PICK_LIST_PAGE_SIZE = 6;

function matches(user: UserListRow, words: string[]): boolean {
  const text = [user.firstName, user.lastName, user.userName, user.clientUserId, user.device?.mac]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * The users of a location that can be staged, searched on the device (the list is kept for
 * offline use). Users staged already are left out; `full` disables adding.
 */
export function UserPickList({
  deviceType,
  groupId,
  staged,
  full,
  onPick,
}: {
  deviceType: WearableType;
  groupId: number | null;
  staged: readonly WearableUser[];
  full: boolean;
  onPick: (user: UserListRow) => void;
}) {
  const online = useOnlineStatus();
  const users = useScopeUsers(groupId);
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return pickableUsers(users.data ?? [], staged).filter((user) => matches(user, words));
  }, [users.data, staged, search]);

  const columns: DataColumn<UserListRow>[] = [
    { key: 'name', header: 'Name', value: (u) => userLabel(u) },
    { key: 'employeeId', header: 'Employee ID', value: (u) => u.clientUserId },
    { key: 'device', header: 'Current device', value: (u) => u.device?.mac ?? null },
    {
      key: 'add',
      header: 'Add',
      value: () => null,
      sortable: false,
      exportable: false,
      render: (u) => (
        <Button size="sm" variant="light" mih={44} disabled={full} onClick={() => onPick(u)} aria-label={`Add ${userLabel(u)}`}>
          Add
        </Button>
      ),
    },
  ];

  const notLoadedOffline = !online && users.data === undefined;
  return (
    <Stack gap="xs">
      <TextInput label="Search users" value={search} onChange={(event) => setSearch(event.currentTarget.value)} inputMode="search" />
      {full && (
        <Text size="sm" c="dimmed" role="status">
          {`Every selected ${wearableWord(deviceType)} has a user. Remove one to choose someone else.`}
        </Text>
      )}
      <DataTable
        label="Users"
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        pageSize={PICK_LIST_PAGE_SIZE}
        loading={users.isPending && !notLoadedOffline}
        error={users.data === undefined && users.error ? users.error : null}
        unavailableText="The user list is not on this device yet."
        emptyText={notLoadedOffline ? 'The user list is not on this device yet. It loads when the connection is back.' : 'No users found'}
      />
    </Stack>
  );
}
