import { DEFAULT_LOG_ENVIRONMENT, type LogEnvironment, type LogEvent, type RequestSource, type ServerLogEntry } from '@contracts/server-log';
import { Alert, Badge, Grid, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { descendantIds } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import type { TreeNode } from '@/components/filters';
import { matchesLogFilters } from '../log-filters';
import type { LogConnection, LogSnapshot } from '../live/server-log-feed';
import type { ServerLogsAddress } from '../server-logs-search';
import { LogDetails } from './log-details';
import { LogFilterBar } from './log-filter-bar';
import { LogList } from './log-list';

const CONNECTION: Record<LogConnection, { label: string; color: string }> = {
  connecting: { label: 'Connecting…', color: 'yellow' },
  live: { label: 'Live', color: 'teal' },
  disconnected: { label: 'Disconnected', color: 'gray' },
  refused: { label: 'Not allowed', color: 'red' },
};

export interface ServerLogViewProps {
  /** The page's title, shown above the log with its connection; without it the connection shows alone (the page has its header). */
  title?: string;
  log: LogSnapshot;
  online: boolean;
  groups: readonly TreeNode[];
  /** The address's location and search text. */
  groupId: number | null;
  text: string;
  update: (patch: ServerLogsAddress) => void;
}

/**
 * The Server Logs screen: the filters, the live list and the chosen request's details. Choosing a
 * request turns auto-scroll off.
 */
export function ServerLogView({ title, log, online, groups, groupId, text, update }: ServerLogViewProps) {

  const [env, setEnv] = useState<LogEnvironment>(DEFAULT_LOG_ENVIRONMENT);
  const [sources, setSources] = useState<RequestSource[]>([]);
  const [events, setEvents] = useState<LogEvent[]>([]);
  const [autoScroll, setAutoScroll] = useState(true);
  const [selected, setSelected] = useState<ServerLogEntry | null>(null);

  const groupIds = useMemo(() => (groupId === null ? null : new Set([groupId, ...descendantIds(groups, groupId)])), [groupId, groups]);
  const shown = useMemo(
    () => log.entries.filter((e) => matchesLogFilters(e, { env, sources, events, groupIds, search: text })),
    [log.entries, env, sources, events, groupIds, text],
  );
  const groupNames = useMemo(() => new Map(groups.map((g) => [g.id, g.name])), [groups]);
  const groupName = useCallback((id: number) => groupNames.get(id) ?? `Location ${id}`, [groupNames]);

  // Clicking (or Enter on) an entry stops the scrolling so the entry stays where it was chosen.
  const select = useCallback((picked: ServerLogEntry) => {
    setAutoScroll(false);
    setSelected(picked);
  }, []);

  const connection = online ? log.connection : 'disconnected';
  const status = CONNECTION[connection];
  const hidden = log.entries.length - shown.length;
  const badge = (
    <Badge color={status.color} variant="light" size="lg" role="status" aria-label={`Connection: ${status.label}`} data-testid="log-connection">
      {status.label}
    </Badge>
  );

  return (
    <Stack gap={0}>
      {title === undefined ? (
        <Group justify="flex-end" mb="sm">
          {badge}
        </Group>
      ) : (
        <PageHeader title={title} actions={badge} />
      )}
      {!online && (
        <Alert color="gray" variant="light" mb="md" role="status">
          The server log is live and needs a connection. It resumes when the connection is back.
        </Alert>
      )}
      {log.connection === 'refused' && (
        <Alert color="red" variant="light" mb="md" role="alert">
          You may not watch the server log.
        </Alert>
      )}
      <LogFilterBar
        env={env}
        onEnv={setEnv}
        sources={sources}
        onSources={setSources}
        events={events}
        onEvents={setEvents}
        groups={groups}
        groupId={groupId}
        onGroup={(next) => update({ groupId: next })}
        search={text}
        onSearch={(next) => update({ search: next })}
        autoScroll={autoScroll}
        onAutoScroll={setAutoScroll}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: selected ? 7 : 12 }}>
          <LogList
            entries={shown}
            selectedId={selected?.id ?? null}
            autoScroll={autoScroll}
            onSelect={select}
            empty={
              <Text c="dimmed" p="md" size="sm">
                Waiting for requests…
                {hidden > 0 && ` ${hidden} received ${hidden === 1 ? 'request is' : 'requests are'} hidden by the filters.`}
              </Text>
            }
          />
          <Group justify="space-between" mt={4} wrap="wrap">
            <Text size="xs" c="dimmed" aria-live="off">
              {shown.length} shown of the last {log.entries.length} received
            </Text>
            {log.dropped > 0 && (
              <Text size="xs" c="orange">
                The server could not send {log.dropped} requests (too many at once).
              </Text>
            )}
          </Group>
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <LogDetails entry={selected} groupName={groupName} onClose={() => setSelected(null)} />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
