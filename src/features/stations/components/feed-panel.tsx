import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { wristbandLabel } from '../live/pending-assignments';
import type { FeedEntry } from '../live/stations-live';

const KIND_COLORS: Record<string, string> = { JOIN: 'green', REJOIN: 'green', LEAVE: 'gray', ERROR: 'red', CHANGE: 'blue' };
const time = (at: number) => new Date(at).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A feed line in words. */
export function describeEntry(entry: FeedEntry): string {
  const c = entry.change;
  if (!c) {
    if (entry.kind === 'ERROR') return `${entry.gatewayName}: ${entry.message ?? 'error'}`;
    const verb = { JOIN: 'joined', REJOIN: 'joined again', LEAVE: 'left', CHANGE: 'changed', ERROR: 'error' }[entry.kind];
    return `${entry.gatewayName}: session ${verb}`;
  }
  const band = `wristband ${wristbandLabel(c.wristband)}`;
  const holder = c.wristband.name ? ` (${c.wristband.name})` : '';
  switch (c.change) {
    case 'DOCK':
      return `${band}${holder} docked in slot ${c.slot}`;
    case 'UNDOCK':
      return `${band}${holder} undocked from slot ${c.slot}`;
    case 'ASSIGN':
    case 'REASSIGN':
      return `${band} in slot ${c.slot} assigned to ${c.wristband.name ?? 'a user'}`;
    case 'UNASSIGN':
      return `${band} in slot ${c.slot} unassigned`;
    default:
      return `${band} in slot ${c.slot}: ${c.change}`;
  }
}

const FeedLine = memo(function FeedLine({ entry }: { entry: FeedEntry }) {
  const tag = entry.change?.change ?? entry.kind;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="feed-entry" data-entry={entry.id} data-kind={tag} data-wristband={entry.change?.wristband.mac ?? ''}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {time(entry.at)}
      </Text>
      <Badge size="sm" variant="light" color={KIND_COLORS[entry.kind] ?? 'blue'} style={{ flexShrink: 0 }}>
        {tag}
      </Badge>
      <Text size="sm" style={{ minWidth: 0 }}>
        {entry.change ? `${entry.gatewayName}: ${describeEntry(entry)}` : describeEntry(entry)}
      </Text>
    </Group>
  );
});

/** The live session events of the shown stations, newest first. */
export function FeedPanel({ feed }: { feed: readonly FeedEntry[] }) {
  if (feed.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No events yet. Joins, docks and undocks of the shown stations appear here as they happen.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="70vh" type="auto">
      <Stack gap={6} p="xs" role="log" aria-label="Station events" aria-live="off">
        {feed.map((entry) => (
          <FeedLine key={entry.id} entry={entry} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
