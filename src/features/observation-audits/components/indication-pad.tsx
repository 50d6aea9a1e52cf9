import {
  INDICATION_LABELS,
  OBSERVATION_ACTIONS,
  OBSERVATION_INDICATIONS,
  type ObservationAction,
  type ObservationIndication,
} from '@contracts/observation-audits';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ACTION_WORDS } from '../outbox-handlers';

const ACTION_COLORS: Record<ObservationAction, string> = { RUB: 'teal', WASH: 'blue', MISSED: 'red' };

/** '1. Before touching a patient' for the WHO's moments; entries and exits as they are. */
export const indicationText = (indication: ObservationIndication) =>
  indication.startsWith('MOMENT_') ? `${indication.slice(-1)}. ${INDICATION_LABELS[indication]}` : INDICATION_LABELS[indication];

/**
 * The two taps of a record: the indication, then the action, whose tap makes the record at that
 * instant (with the gloves as set). The indication and gloves are then cleared, so one record is
 * never made twice by a second tap.
 */
export function IndicationPad({ disabled, onRecord }: { disabled: boolean; onRecord: (record: { indication: ObservationIndication; action: ObservationAction; gloves: boolean }) => void }) {
  const [indication, setIndication] = useState<ObservationIndication | null>(null);
  const [gloves, setGloves] = useState(false);

  return (
    <Stack gap="sm">
      <Text component="h2" fw={600} size="sm" id="audit-indication-label">
        Indication
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="group" aria-labelledby="audit-indication-label">
        {OBSERVATION_INDICATIONS.map((value) => (
          <Button
            key={value}
            variant={indication === value ? 'filled' : 'default'}
            aria-pressed={indication === value}
            onClick={() => setIndication(indication === value ? null : value)}
            disabled={disabled}
            justify="flex-start"
            h="auto"
            mih={48}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          >
            {indicationText(value)}
          </Button>
        ))}
      </SimpleGrid>
      <Button
        variant={gloves ? 'filled' : 'default'}
        color="grape"
        aria-label="Gloves"
        aria-pressed={gloves}
        mih={48}
        onClick={() => setGloves(!gloves)}
        disabled={disabled}
      >
        {gloves ? 'Gloves: worn' : 'Gloves: not worn'}
      </Button>
      <Text component="h2" fw={600} size="sm" id="audit-action-label">
        Action
      </Text>
      <SimpleGrid cols={3} spacing="xs" role="group" aria-labelledby="audit-action-label">
        {OBSERVATION_ACTIONS.map((action) => (
          <Button
            key={action}
            color={ACTION_COLORS[action]}
            fz="lg"
            px="xs"
            mih={64}
            disabled={disabled || indication === null}
            onClick={() => {
              if (!indication) return;
              onRecord({ indication, action, gloves });
              setIndication(null);
              setGloves(false);
            }}
          >
            {ACTION_WORDS[action]}
          </Button>
        ))}
      </SimpleGrid>
      {indication === null && !disabled && (
        <Text size="sm" c="dimmed">
          Tap the indication, then the action: the record is made at the action's tap.
        </Text>
      )}
    </Stack>
  );
}
