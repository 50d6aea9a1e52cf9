import { USER_IMPORT_COLUMNS, USER_IMPORT_MESSAGES, type UserBulkResult } from '@contracts/user-import';
import { Alert, Button, Code, Group, Modal, Pagination, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CsvFileField, readCsvFile } from '@/components/csv-file-field';
import { useImportUsers } from '../api/import-users';
import { canImport, parseUsersCsv, type UserImportFile, type UserImportLine } from '../parse-users-csv';

const ROWS_PER_PAGE = 50;

/** The lines with the server's answer folded in: a refused row gets the server's errors beside it. */
function withResults(file: UserImportFile, results: readonly UserBulkResult[]): UserImportFile {
  return { ...file, lines: file.lines.map((line, i) => ({ ...line, errors: results[i]?.status === 'failed' ? results[i].errors : line.errors })) };
}

/** The result toast's colour: all imported, some, none. */
const resultColor = (n: number, total: number) => (n === total ? 'teal' : n > 0 ? 'yellow' : 'red');

/**
 * 'Import Users' (docs/SCREENS.md 'Import Users'): a .csv file checked row by row on the device with
 * the spec's messages, each beside its row; nothing is sent while any row is invalid. The server
 * imports all rows or none, and a row it refuses shows its errors the same way.
 */
export function ImportUsersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [file, setFile] = useState<UserImportFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [shown, setShown] = useState<'errors' | 'all'>('errors');
  const [page, setPage] = useState(1);
  const importUsers = useImportUsers();

  const reset = () => {
    setFileName(null);
    setFile(null);
    setFileError(null);
    setPage(1);
    importUsers.reset();
  };
  const close = () => {
    if (importUsers.isPending) return;
    reset();
    onClose();
  };

  const pick = async (picked: File | null) => {
    reset();
    if (!picked) return;
    setFileName(picked.name);
    const csv = await readCsvFile(picked, USER_IMPORT_MESSAGES.onlyCsv);
    if ('error' in csv) {
      setFileError(csv.error);
      return;
    }
    const read = parseUsersCsv(csv.text);
    setFile(read);
    setFileError(read.fileError);
    setShown(read.lines.some((l) => l.errors.length) ? 'errors' : 'all');
  };

  const submit = async () => {
    if (!canImport(file)) return;
    const rows = file.lines.map((l) => l.row).filter((r) => r !== null);
    try {
      const results = await importUsers.mutateAsync(rows);
      const created = results.filter((r) => r.status === 'created').length;
      notifications.show({ color: resultColor(created, rows.length), message: USER_IMPORT_MESSAGES.imported(created, rows.length) });
      if (created === rows.length) {
        const inviteFailures = results.filter((r) => r.errors.length).length;
        if (inviteFailures) notifications.show({ color: 'red', message: `${USER_IMPORT_MESSAGES.inviteFailed} (${inviteFailures})` });
        close();
        return;
      }
      setFile(withResults(file, results));
      setShown('errors');
      setPage(1);
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const lines = file?.lines ?? [];
  const invalid = lines.filter((l) => l.errors.length > 0);
  const listed: UserImportLine[] = shown === 'errors' ? invalid : lines;
  const pageLines = listed.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  const ready = canImport(file);

  return (
    <Modal opened={opened} onClose={close} title="Import Users" size="xl">
      <Stack gap="sm">
        <Text size="sm">A .csv file whose first row is:</Text>
        {/* The header line breaks where it must: it is one word of commas, wider than a tablet's dialog. */}
        <Code block data-testid="import-header-line" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {USER_IMPORT_COLUMNS.join(',')}
        </Code>
        <Text size="sm">grantAccess is TRUE or FALSE; complianceReport is any of f (facility), d (department) and i (individual), separated by /.</Text>
        <CsvFileField fileName={fileName} disabled={importUsers.isPending} onPick={(picked) => void pick(picked)} />
        {fileError && (
          <Alert color="red" role="alert">
            {fileError}
          </Alert>
        )}
        {lines.length > 0 && (
          <>
            <Group justify="space-between" align="center" gap="sm" wrap="wrap">
              <Text size="sm" role="status">
                {invalid.length ? `${invalid.length} of ${lines.length} rows need fixing before the import.` : `${lines.length} ${lines.length === 1 ? 'row' : 'rows'} ready to import.`}
              </Text>
              <SegmentedControl
                value={shown}
                onChange={(value) => {
                  setShown(value as 'errors' | 'all');
                  setPage(1);
                }}
                data={[
                  { value: 'errors', label: `Rows with errors (${invalid.length})` },
                  { value: 'all', label: `All rows (${lines.length})` },
                ]}
              />
            </Group>
            <Table.ScrollContainer minWidth={640} mah={420}>
              <Table aria-label="Rows of the file" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>userName</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>organizationId</Table.Th>
                    <Table.Th>Check</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pageLines.map((line) => (
                    <Table.Tr key={line.line} data-testid={`import-line-${line.line}`}>
                      <Table.Td>{line.line}</Table.Td>
                      <Table.Td>{String(line.input.userName ?? '—')}</Table.Td>
                      <Table.Td>{[line.input.firstName, line.input.lastName].filter(Boolean).join(' ') || '—'}</Table.Td>
                      <Table.Td>{String(line.input.organizationId ?? '—')}</Table.Td>
                      <Table.Td c={line.errors.length ? 'red.8' : 'teal.8'}>{line.errors.length ? line.errors.join('; ') : 'OK'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {listed.length > ROWS_PER_PAGE && (
              <Pagination total={Math.ceil(listed.length / ROWS_PER_PAGE)} value={page} onChange={setPage} size="lg" aria-label="Pages of rows" />
            )}
          </>
        )}
        {importUsers.isPending && (
          <Stack gap={4}>
            <Text size="sm">Importing {lines.length} users…</Text>
            <Progress value={100} striped animated aria-label="Importing users" />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} mih={44} disabled={importUsers.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!ready} loading={importUsers.isPending} mih={44}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
