import type { UserListRow } from '@contracts/user-list';
import { Badge, Button, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useMemo, useState } from 'react';
import { SearchableSelect, SearchInput } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { userLabel } from '@/entities/users/user-label';
import { useStationUsers } from '../api/stations-queries';
import type { PendingAssignment } from '../live/pending-assignments';

export interface PickedUser {
  id: number;
  name: string;
}

/**
 * The Assign tab: pick a user (from an accessible organization, 100 at first and 48 more at a
 * time), then a wristband on a station; the pending assignments wait below until the station
 * writes them or something at the station removes them.
 */
export function AssignPanel({
  picked,
  onPick,
  pending,
  onCancel,
}: {
  picked: PickedUser | null;
  onPick: (user: PickedUser | null) => void;
  pending: readonly PendingAssignment[];
  onCancel: (id: string) => void;
}) {
  const { bootstrap } = useSession();
  const organizations = useMemo(
    () => bootstrap.organizations.filter((o) => o.accessible).map((o) => ({ value: String(o.id), label: o.name })),
    [bootstrap.organizations],
  );
  const [organizationId, setOrganizationId] = useState<number | null>(() => (organizations[0] ? Number(organizations[0].value) : null));
  const [search, setSearch] = useState('');
  const users = useStationUsers(organizationId, search);
  const rows: UserListRow[] = useMemo(() => users.data?.pages.flatMap((p) => p.data) ?? [], [users.data]);
  const total = users.data?.pages[0]?.totalCount ?? 0;

  return (
    <Stack gap="sm" p="xs">
      <Text size="sm">Choose a user, then tap a wristband in a station to assign it.</Text>
      {organizations.length > 0 && (
        <SearchableSelect
          label="Organization"
          data={organizations}
          value={organizationId === null ? null : String(organizationId)}
          onChange={(v) => setOrganizationId(v ? Number(v) : null)}
        />
      )}
      <SearchInput label="Search users" value={search} onChange={setSearch} placeholder="Name, email or employee id" />
      {picked && (
        <Group gap="xs">
          <Badge size="lg" variant="filled">{`Assigning: ${picked.name}`}</Badge>
          <Button variant="subtle" size="compact-sm" mih={44} onClick={() => onPick(null)}>
            Clear
          </Button>
        </Group>
      )}
      {users.isError && !users.data ? (
        <LoadError error={users.error} unavailable="The users of this location have not been loaded on this device yet." />
      ) : users.isPending ? (
        <Loader size="sm" aria-label="Loading users" />
      ) : (
        <>
          <Text size="xs" c="dimmed">{`Showing ${rows.length} of ${total} users`}</Text>
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={2} role="listbox" aria-label="Users">
              {rows.map((u) => {
                const name = userLabel(u);
                const selected = picked?.id === u.id;
                return (
                  <UnstyledButton
                    key={u.id}
                    role="option"
                    aria-selected={selected}
                    onClick={() => onPick(selected ? null : { id: u.id, name })}
                    mih={44}
                    px="xs"
                    style={{ borderRadius: 4, background: selected ? 'var(--mantine-color-blue-1)' : undefined }}
                  >
                    <Text size="sm" fw={selected ? 600 : 400}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[u.clientUserId, u.device ? `holds ${u.device.code ?? u.device.mac}` : 'no wearable'].filter(Boolean).join(' · ')}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          {users.hasNextPage && (
            <Button variant="default" mih={44} loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
              Load more
            </Button>
          )}
        </>
      )}
      <Text fw={600} size="sm" mt="sm">
        {`Pending assignments (${pending.length})`}
      </Text>
      {pending.length === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <Stack gap={4} data-testid="pending-assignments">
          {pending.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap" data-testid="pending-assignment" data-wristband={p.mac}>
              <Text size="sm">{`${p.type === 'UNASSIGN' ? 'Unassign' : p.name} · ${p.gatewayName} slot ${p.slot}`}</Text>
              <Button variant="subtle" size="compact-sm" mih={44} onClick={() => onCancel(p.id)} aria-label={`Cancel pending assignment in slot ${p.slot}`}>
                Cancel
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
