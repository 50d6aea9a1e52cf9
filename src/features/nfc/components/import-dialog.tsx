import { Alert, Button, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { CsvFileField, readCsvFile } from '@/components/csv-file-field';
import { useMemo, useState } from 'react';
import { useSession } from '@/lib/session-context';
import type { UserListRow } from '@contracts/user-list';
import { canImport, checkNfcImport, NFC_CSV_COLUMNS, NFC_IMPORT_MESSAGES, type NfcImportCheck } from '../csv-import';
import type { NfcCreatePayload } from '../outbox-handlers';

const ROWS_PER_PAGE = 5;

/**
 * 'Import NFC Tags': a .csv file with the columns groupId, nfcId, active, userName; every row is
 * checked on the device with the spec's messages, and Import stays disabled while any is invalid.
 */
export function ImportDialog({
  opened,
  onClose,
  users,
  onImport,
}: {
  opened: boolean;
  onClose: () => void;
  users: readonly UserListRow[];
  onImport: (payloads: NfcCreatePayload[]) => Promise<unknown>;
}) {
  const { bootstrap } = useSession();
  const [fileName, setFileName] = useState<string | null>(null);
  const [check, setCheck] = useState<NfcImportCheck | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);

  const context = useMemo(
    () => ({
      groupIds: new Set(bootstrap.groups.filter((g) => g.accessible).map((g) => g.id)),
      userIdsByName: new Map(users.map((u) => [u.userName.toLowerCase(), u.id])),
    }),
    [bootstrap.groups, users],
  );
  const groupNames = useMemo(() => new Map(bootstrap.groups.map((g) => [g.id, g.name])), [bootstrap.groups]);
  const userNames = useMemo(() => new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])), [users]);

  const reset = () => {
    setFileName(null);
    setCheck(null);
    setFileError(null);
    setPage(1);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (file: File | null) => {
    reset();
    if (!file) return;
    setFileName(file.name);
    const csv = await readCsvFile(file, NFC_IMPORT_MESSAGES.onlyCsv);
    if ('error' in csv) {
      setFileError(csv.error);
      return;
    }
    const result = checkNfcImport(csv.text, context);
    setCheck(result);
    setFileError(result.fileError);
  };

  const submit = async () => {
    if (!check || !canImport(check)) return;
    setBusy(true);
    try {
      await onImport(
        check.rows.map((row) => ({
          body: { nfcId: row.nfcId, nfcShortId: row.nfcShortId, groupId: row.groupId as number, active: row.active, userId: row.userId },
          groupName: groupNames.get(row.groupId as number) ?? `Location ${row.groupId}`,
          userName: row.userId ? (userNames.get(row.userId) ?? row.userName) : null,
        })),
      );
      close();
    } finally {
      setBusy(false);
    }
  };

  const rows = check?.rows ?? [];
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  const shown = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);

  return (
    <Modal opened={opened} onClose={close} title="Import NFC Tags" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          A .csv file whose first row is <code>{NFC_CSV_COLUMNS.join(',')}</code>. The NFC ID has 21 letters or digits; userName may be left
          empty.
        </Text>
        <CsvFileField fileName={fileName} onPick={(file) => void pick(file)} />
        {fileError && (
          <Alert color="red" role="alert">
            {fileError}
          </Alert>
        )}
        {rows.length > 0 && (
          <>
            <Text size="sm" role="status">
              {invalid ? `${invalid} of ${rows.length} rows need fixing before the import.` : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} ready to import.`}
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Rows of the file">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>NFC ID</Table.Th>
                    <Table.Th>Location</Table.Th>
                    <Table.Th>User</Table.Th>
                    <Table.Th>Check</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.rawId || '—'}</Table.Td>
                      <Table.Td>{row.groupId ? (groupNames.get(row.groupId) ?? row.groupId) : '—'}</Table.Td>
                      <Table.Td>{row.userName || '—'}</Table.Td>
                      <Table.Td c={row.errors.length ? 'red.8' : 'teal.8'}>{row.errors.length ? row.errors.join('; ') : 'OK'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {rows.length > ROWS_PER_PAGE && (
              <Pagination total={Math.ceil(rows.length / ROWS_PER_PAGE)} value={page} onChange={setPage} size="lg" aria-label="Pages of rows" />
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} mih={44}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!check || !canImport(check)} loading={busy} mih={44}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
