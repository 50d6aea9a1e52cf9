import type { ServerLogEntry } from '@contracts/server-log';
import { Alert, Badge, CloseButton, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { formatDuration } from './log-list';
import classes from './server-logs.module.css';

/** JSON text laid out for reading; text that is not JSON (cut, or form-encoded) as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Part({ title, text }: { title: string; text: string | null }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {text === null ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Code block className={classes.code} aria-label={title}>
          {pretty(text)}
        </Code>
      )}
    </Stack>
  );
}

/** One request in full: what it asked, how it was answered, and its headers (secrets redacted by the server). */
export function LogDetails({
  entry,
  groupName,
  onClose,
}: {
  entry: ServerLogEntry;
  groupName: (id: number) => string;
  onClose: () => void;
}) {
  const facts: [string, string][] = [
    ['Time', formatDateTime(Date.parse(entry.at))],
    ['Status', String(entry.status)],
    ['Duration', formatDuration(entry.durationMs)],
    ['Environment', entry.env],
    ['Source', entry.source],
    ['Events', entry.events.join(', ') || '—'],
    ['Location', entry.groupIds.map(groupName).join(', ') || '—'],
    ['User id', entry.userId === null ? '—' : String(entry.userId)],
    ['Content type', entry.type ?? '—'],
    ['User agent', entry.ua ?? '—'],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Request details" data-testid="log-details">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" style={{ wordBreak: 'break-all' }}>
            <Badge variant="light" mr="xs">
              {entry.method}
            </Badge>
            {entry.path}
          </Title>
          <CloseButton size={44} aria-label="Close details" onClick={onClose} />
        </Group>
        {entry.error && (
          <Alert color="red" variant="light" title="Error">
            {entry.error}
          </Alert>
        )}
        <Table withRowBorders={false} verticalSpacing={4} layout="fixed">
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="9em" fz="sm">
                  {label}
                </Table.Th>
                <Table.Td fz="sm" style={{ wordBreak: 'break-word' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Part title="Query" text={entry.query} />
        <Part title="Body" text={entry.body} />
        <Part title="Headers" text={JSON.stringify(entry.headers)} />
      </Stack>
    </Paper>
  );
}
