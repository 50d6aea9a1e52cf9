import type { ServerLogEntry } from '@contracts/server-log';
import { memo, type ReactNode, useEffect, useRef } from 'react';
import classes from './server-logs.module.css';

/** The log scrolls to its newest entry this often while auto-scroll is on: 1 s. */
export const LOG_SCROLL_MS = 1000;

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const statusColor = (status: number) =>
  status >= 500 ? 'var(--mantine-color-red-7)' : status >= 400 ? 'var(--mantine-color-orange-7)' : 'var(--mantine-color-teal-7)';

/** The duration as the list shows it: whole milliseconds, or seconds past 10 s. */
export const formatDuration = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** One request: a button, so a tap, a click or Enter opens its details. */
const LogLine = memo(function LogLine({ entry, selected, onSelect }: { entry: ServerLogEntry; selected: boolean; onSelect: (entry: ServerLogEntry) => void }) {
  return (
    <button
      type="button"
      className={classes.line}
      aria-pressed={selected}
      aria-label={`${entry.method} ${entry.path}, status ${entry.status}, ${formatDuration(entry.durationMs)}, from ${entry.source}, at ${time(entry.at)}`}
      data-testid="log-entry"
      data-source={entry.source}
      onClick={() => onSelect(entry)}
    >
      <span className={classes.time}>{time(entry.at)}</span>
      <span className={classes.method}>{entry.method}</span>
      <span className={classes.path}>{entry.path}</span>
      <span className={classes.status} style={{ color: statusColor(entry.status) }}>
        {entry.status}
      </span>
      <span className={classes.duration}>{formatDuration(entry.durationMs)}</span>
      <span className={classes.source}>{entry.source}</span>
    </button>
  );
});

/**
 * The requests, oldest first. While `autoScroll` is on, the list scrolls to its newest entry every
 * LOG_SCROLL_MS; selecting an entry is the page's to handle (it turns auto-scroll off).
 */
export function LogList({
  entries,
  selectedId,
  autoScroll,
  onSelect,
  empty,
}: {
  entries: readonly ServerLogEntry[];
  /** Shown when there is no entry. */
  empty: ReactNode;
  selectedId: string | null;
  autoScroll: boolean;
  onSelect: (entry: ServerLogEntry) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!autoScroll) return;
    const toNewest = () => {
      const list = ref.current;
      if (list) list.scrollTop = list.scrollHeight;
    };
    toNewest();
    const timer = setInterval(toNewest, LOG_SCROLL_MS);
    return () => clearInterval(timer);
  }, [autoScroll]);

  return (
    <div ref={ref} className={classes.list} role="region" aria-label="Server requests" data-testid="log-list">
      {entries.length === 0
        ? empty
        : entries.map((entry) => <LogLine key={entry.id} entry={entry} selected={entry.id === selectedId} onSelect={onSelect} />)}
    </div>
  );
}
