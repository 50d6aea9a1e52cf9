import { Text } from '@mantine/core';
import { memo } from 'react';
import { wristbandLabel } from '../live/pending-assignments';
import type { FeedEntry } from '../live/stations-live';
import classes from './stations.module.css';

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

const TAG_STYLES: Record<string, { background: string; color: string }> = Object.fromEntries(
  Object.entries(KIND_COLORS).map(([kind, color]) => [kind, { background: `var(--mantine-color-${color}-light)`, color: `var(--mantine-color-${color}-light-color)` }]),
);

/** One feed line: plain elements, since a busy fleet adds several a second. */
const FeedLine = memo(function FeedLine({ entry }: { entry: FeedEntry }) {
  const tag = entry.change?.change ?? entry.kind;
  return (
    <div
      className={classes.feedLine}
      data-testid="feed-entry"
      data-entry={entry.id}
      data-kind={tag}
      data-wristband={entry.change?.wristband.mac ?? ''}
    >
      <span className={classes.feedTime}>{time(entry.at)}</span>
      <span className={classes.feedTag} style={TAG_STYLES[entry.kind] ?? TAG_STYLES.CHANGE}>
        {tag}
      </span>
      <span className={classes.feedText}>{entry.change ? `${entry.gatewayName}: ${describeEntry(entry)}` : describeEntry(entry)}</span>
    </div>
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
    <div className={classes.feed} role="log" aria-label="Station events" aria-live="off" tabIndex={0}>
      {feed.map((entry) => (
        <FeedLine key={entry.id} entry={entry} />
      ))}
    </div>
  );
}
