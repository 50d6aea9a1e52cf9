import { MAX_SESSION_HOURS, type ObservationAction, type ObservationIndication } from '@contracts/observation-audits';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatTimeIn } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import type { SessionPicks, StoredObservation, StoredSession } from '../audit-store';
import { sessionDeadline } from '../session-figures';
import { IndicationPad } from './indication-pad';
import { PersonPicker } from './person-picker';
import { RoomBar } from './room-bar';
import { SessionRecords } from './session-records';

export interface SessionScreenProps {
  session: StoredSession;
  records: readonly StoredObservation[];
  onPicks: (picks: SessionPicks) => void;
  onRecord: (record: { indication: ObservationIndication; action: ObservationAction; gloves: boolean }) => void;
  onUndo: () => void;
  onEnd: () => void;
}

/**
 * The open session (docs/SCREENS.md 'Observation Audits'): the room (kept in view), the person,
 * the indication and action taps, the running count with the latest records and Undo last, and
 * End session, which asks first.
 */
export function SessionScreen({ session, records, onPicks, onRecord, onUndo, onEnd }: SessionScreenProps) {
  const { unit } = session;
  const [confirming, setConfirming] = useState(false);
  const now = useNow(30_000);
  // The API takes no record past a session's last moment: the observer is told to end it.
  const overdue = now > sessionDeadline(session.startedAt);

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} size="h4">
            {unit.name}
          </Title>
          <Text size="sm" c="dimmed">
            Session started {formatTimeIn(session.startedAt, unit.timeZone)}
          </Text>
        </Stack>
        <Button color="red" variant="outline" mih={44} style={{ flexShrink: 0 }} onClick={() => setConfirming(true)}>
          End session
        </Button>
      </Group>
      {overdue && (
        <Alert color="yellow" variant="light" title="This session has reached its limit">
          A session lasts at most {MAX_SESSION_HOURS} hours: end it, and start another to go on recording.
        </Alert>
      )}
      <RoomBar unit={unit} picks={session.picks} onPicks={onPicks} />
      <PersonPicker key={session.clientId} unit={unit} picks={session.picks} onPicks={onPicks} />
      <IndicationPad disabled={overdue} onRecord={onRecord} />
      <SessionRecords records={records} timeZone={unit.timeZone} onUndo={onUndo} />
      <ConfirmDialog
        opened={confirming}
        title="End this session?"
        confirmLabel="End session"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onEnd();
        }}
      >
        {`Nothing more can be recorded in it once it has ended. ${records.length} ${records.length === 1 ? 'opportunity' : 'opportunities'} recorded on ${unit.name}.`}
      </ConfirmDialog>
    </Stack>
  );
}
