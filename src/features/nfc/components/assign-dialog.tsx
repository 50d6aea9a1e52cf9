import type { UserListRow } from '@contracts/user-list';
import { Alert, Badge, Button, Checkbox, Group, Modal, Pagination, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { userLabel } from '@/entities/users/user-label';
import type { EditOutcome } from '@/offline/use-submit-edits';
import type { NfcRow } from '../nfc-rows';
import type { NfcAssignPayload } from '../outbox-handlers';

/** Users per page of the pick list, and results per page: 9 and 6. */
export const PICK_PAGE_SIZE = 6;
export const RESULT_PAGE_SIZE = 9;

interface Result {
  nfcId: string;
  userName: string;
  state: string;
}

function assignResultRows(outcome: EditOutcome<NfcAssignPayload>): Result[] {
  const row = (payload: NfcAssignPayload, state: string) => ({ nfcId: payload.nfcId, userName: payload.userName ?? '', state });
  return [
    ...outcome.sent.map((item) => row(item.payload, 'Assigned')),
    ...outcome.refused.map((item) => row(item.payload, item.lastError ?? 'Not accepted')),
    ...outcome.waiting.map((item) => row(item.payload, 'Queued: sent when the connection is back')),
  ];
}

/**
 * Assigns the selected tags to users, in order: the first tag to the first user picked, and so
 * on. At most as many users as tags; users who already hold a tag (or have one queued) are not
 * offered, nor disabled accounts. Offered first are the users of the tags' locations'
 * organizations (`homeOrganizationIds`, with those under them); 'Show users of every
 * organization' offers everyone the caller may see.
 */
export function AssignDialog({
  opened,
  onClose,
  tags,
  users,
  homeOrganizationIds,
  onAssign,
}: {
  opened: boolean;
  onClose: () => void;
  tags: readonly NfcRow[];
  users: readonly UserListRow[];
  /** The organizations of the tags' locations, with their descendants; null: no narrowing. */
  homeOrganizationIds: ReadonlySet<number> | null;
  onAssign: (payloads: NfcAssignPayload[]) => Promise<EditOutcome<NfcAssignPayload>>;
}) {
  const [search, setSearch] = useState('');
  const [everyone, setEveryone] = useState(false);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<UserListRow[]>([]);
  const [results, setResults] = useState<Result[] | null>(null);
  const [resultPage, setResultPage] = useState(1);
  const [busy, setBusy] = useState(false);

  const holders = useMemo(() => new Set(tags.map((t) => t.userId)), [tags]);
  const candidates = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return users.filter((u) => {
      if (!u.active || u.nfcTag || holders.has(u.id)) return false;
      if (!everyone && homeOrganizationIds && !homeOrganizationIds.has(u.organizationId)) return false;
      const text = `${u.firstName} ${u.lastName} ${u.userName}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [users, holders, search, everyone, homeOrganizationIds]);
  const pages = Math.max(1, Math.ceil(candidates.length / PICK_PAGE_SIZE));
  const shown = candidates.slice((Math.min(page, pages) - 1) * PICK_PAGE_SIZE, Math.min(page, pages) * PICK_PAGE_SIZE);
  const full = picked.length >= tags.length;

  const close = () => {
    setPicked([]);
    setSearch('');
    setEveryone(false);
    setPage(1);
    setResults(null);
    setResultPage(1);
    onClose();
  };

  const toggle = (user: UserListRow) =>
    setPicked((list) => (list.some((u) => u.id === user.id) ? list.filter((u) => u.id !== user.id) : list.length < tags.length ? [...list, user] : list));

  const submit = async () => {
    setBusy(true);
    try {
      const payloads = picked.map((user, i) => {
        const tag = tags[i] as NfcRow;
        return { nfcId: tag.nfcId, userId: user.id, expectedUserId: tag.userId, userName: userLabel(user), previousUserName: tag.userName };
      });
      setResults(assignResultRows(await onAssign(payloads)));
    } finally {
      setBusy(false);
    }
  };

  if (results) {
    const shownResults = results.slice((resultPage - 1) * RESULT_PAGE_SIZE, resultPage * RESULT_PAGE_SIZE);
    return (
      <Modal opened={opened} onClose={close} title="Assignment results" size="lg">
        <Table aria-label="Assignment results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>NFC ID</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shownResults.map((r) => (
              <Table.Tr key={r.nfcId}>
                <Table.Td ff="monospace">{r.nfcId}</Table.Td>
                <Table.Td>{r.userName}</Table.Td>
                <Table.Td>{r.state}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {results.length > RESULT_PAGE_SIZE && (
          <Pagination mt="sm" total={Math.ceil(results.length / RESULT_PAGE_SIZE)} value={resultPage} onChange={setResultPage} aria-label="Pages of results" />
        )}
        <Group justify="flex-end" mt="md">
          <Button onClick={close} mih={44}>
            Done
          </Button>
        </Group>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={`Assign ${tags.length} NFC tag${tags.length === 1 ? '' : 's'}`} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Pick up to {tags.length} user{tags.length === 1 ? '' : 's'}: the first tag goes to the first user picked, and so on.
        </Text>
        {tags.some((t) => t.userId !== null) && (
          <Alert color="yellow">Tags that already have a holder are re-assigned to the user picked for them.</Alert>
        )}
        <TextInput
          label="Search users"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          size="md"
        />
        {homeOrganizationIds && (
          <Switch
            size="md"
            label="Show users of every organization"
            description="Without it: users of the tags' locations' organizations"
            checked={everyone}
            onChange={(e) => {
              setEveryone(e.currentTarget.checked);
              setPage(1);
            }}
          />
        )}
        {candidates.length === 0 ? (
          <Text c="dimmed">No users found</Text>
        ) : (
          <Stack gap={4} role="group" aria-label="Users">
            {shown.map((user) => {
              const index = picked.findIndex((u) => u.id === user.id);
              return (
                <Checkbox
                  key={user.id}
                  size="md"
                  py={10}
                  label={
                    <Group gap="xs">
                      <span>{userLabel(user)}</span>
                      <Text span size="sm" c="dimmed">
                        {user.userName}
                      </Text>
                      {index >= 0 && <Badge variant="light">{`Tag ${tags[index]?.nfcId ?? ''}`}</Badge>}
                    </Group>
                  }
                  checked={index >= 0}
                  disabled={index < 0 && full}
                  onChange={() => toggle(user)}
                />
              );
            })}
          </Stack>
        )}
        {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label="Pages of users" />}
        <Text size="sm" role="status">
          {picked.length} of {tags.length} picked{full && tags.length > 0 ? ' (every selected tag has a user)' : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} mih={44}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={picked.length === 0} loading={busy} mih={44}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
