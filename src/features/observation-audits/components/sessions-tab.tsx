import type { AuditUnit } from '@contracts/observation-audits';
import { ActionIcon, Alert, Badge, Box, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { PendingMark } from '@/components/pending-mark';
import { formatDateTimeIn, zoneName } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import type { SessionsOf } from '../api/keys';
import { monthLabel, percentText, shiftMonth } from '../session-figures';
import { sessionRows, type SessionRow } from '../session-rows';
import type { KeptSession } from '../use-kept-sessions';
import { Loading } from './loading';
import { UnitSelect } from './unit-select';

export interface SessionsTabProps {
  units: readonly AuditUnit[] | undefined;
  unitsError: Error | null;
  unit: AuditUnit | null;
  onUnit: (unit: AuditUnit) => void;
  month: string;
  /** The latest month that may be shown (the unit's current one). */
  lastMonth: string;
  onMonth: (month: string) => void;
  /** Whose sessions are listed. */
  of: SessionsOf;
  onOf: (of: SessionsOf) => void;
  kept: readonly KeptSession[];
}

function SessionCard({ row, timeZone, showObserver }: { row: SessionRow; timeZone: string; showObserver: boolean }) {
  const percent = row.observations === 0 ? null : Math.round((row.compliant / row.observations) * 100);
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Session of ${formatDateTimeIn(row.startedAt, timeZone)}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.unitName}
        </Text>
        <Box style={{ flexShrink: 0 }}>
          {row.state ? (
            <PendingMark state={row.state} error={null} fallback="The server refused a change of this session: see the changes on this device." />
          ) : (
            row.endedAt === null && (
              <Badge color="blue" variant="light">
                Open
              </Badge>
            )
          )}
        </Box>
      </Group>
      {showObserver && <Text size="sm">Observer: {row.observerName ?? 'you'}</Text>}
      <Text size="sm">Started {formatDateTimeIn(row.startedAt, timeZone)}</Text>
      <Text size="sm">{row.endedAt ? `Ended ${formatDateTimeIn(row.endedAt, timeZone)}` : 'Not ended'}</Text>
      <Text size="sm" c="dimmed">
        {row.observations} {row.observations === 1 ? 'observation' : 'observations'} · {row.compliant} compliant ({percentText(percent)})
      </Text>
    </Paper>
  );
}

const SESSIONS_OF: { value: SessionsOf; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'all', label: 'Every observer’s' },
];

/**
 * The Sessions tab: a unit's sessions of a month, the observer's own (GET /audits/sessions?mine=true)
 * or every observer's (a unit's manager reads the unit's), with the sessions this device has not
 * sent in full yet, times on the unit's clock.
 */
export function SessionsTab({ units, unitsError, unit, onUnit, month, lastMonth, onMonth, of, onOf, kept }: SessionsTabProps) {
  const sessions = useSessions(unit?.id ?? null, month, of);
  const rows = useMemo(() => (unit ? sessionRows(sessions.data ?? [], kept, unit, month) : []), [sessions.data, kept, unit, month]);
  const whose = of === 'mine' ? 'your' : 'the';

  if (units === undefined) {
    return unitsError ? <LoadError error={unitsError} unavailable="The units you may audit have not been loaded on this device yet." /> : <Loading label="Loading units…" />;
  }
  if (units.length === 0) {
    return (
      <Alert color="gray" variant="light" title="No unit to audit">
        No patient care unit is in your scope.
      </Alert>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <UnitSelect units={units} value={unit?.id ?? null} onChange={onUnit} />
      <SegmentedControl aria-label="Whose sessions" data={SESSIONS_OF} value={of} onChange={(next) => onOf(next as SessionsOf)} size="md" />
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" size={44} aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
          ‹
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          {monthLabel(month)}
        </Text>
        <ActionIcon variant="default" size={44} aria-label="Next month" disabled={month >= lastMonth} onClick={() => onMonth(shiftMonth(month, 1))}>
          ›
        </ActionIcon>
      </Group>
      {unit && (
        <Text size="sm" c="dimmed">
          Times in {zoneName(unit.timeZone)} ({unit.timeZone}), the unit’s clock.
        </Text>
      )}
      {sessions.data !== undefined && <OfflineStamp updatedAt={sessions.dataUpdatedAt} hasData />}
      {!unit && <Text c="dimmed">Choose a unit to list {whose} sessions.</Text>}
      {unit && sessions.data === undefined && sessions.error && (
        <LoadError error={sessions.error} unavailable={`${of === 'mine' ? 'Your' : 'The'} sessions of this month have not been loaded on this device yet.`} />
      )}
      {unit && sessions.data === undefined && !sessions.error && <Loading label={`Loading ${whose} sessions…`} />}
      {unit && rows.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={of === 'mine' ? 'Your sessions' : 'Sessions of every observer'} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <SessionCard key={row.clientId} row={row} timeZone={unit.timeZone} showObserver={of === 'all'} />
          ))}
        </Stack>
      )}
      {unit && sessions.data !== undefined && rows.length === 0 && (
        <Text c="dimmed">
          {of === 'mine' ? `You have no session on ${unit.name} in ${monthLabel(month)}.` : `No observer has a session on ${unit.name} in ${monthLabel(month)}.`}
        </Text>
      )}
    </Stack>
  );
}
