import { SETUP_CODES, SETUP_TIMERS } from '@contracts/gateways-realtime';
import { Badge, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import type { CardStatus, SetupCard } from '../setup/setup-cards';

const STATUS: Record<CardStatus, { label: string; color: string }> = {
  IDLE: { label: 'Not staged', color: 'gray' },
  PENDING: { label: 'Staged', color: 'blue' },
  [SETUP_CODES.progress]: { label: 'Setting up', color: 'yellow' },
  [SETUP_CODES.done]: { label: 'Set up', color: 'teal' },
  [SETUP_CODES.failed]: { label: 'Failed', color: 'red' },
};

/**
 * A gateway of the setup queue (docs/GATEWAYS.md 'The Setup drawer'): its MAC, model and creation, the
 * name it is to get (taken 500 ms after the last keystroke, at once on leaving the field), its
 * state and message. The name is fixed once the card is sent.
 */
export const SetupGatewayCard = memo(function SetupGatewayCard({ card, onName }: { card: SetupCard; onName: (id: number, name: string) => void }) {
  const [name, setName] = useState(card.name);
  const commit = useDebouncedCallback((value: string) => onName(card.id, value), { delay: SETUP_TIMERS.nameDebounceMs, flushOnUnmount: true });
  const editable = card.status === 'IDLE' || card.status === 'PENDING';
  const status = STATUS[card.status];
  const failed = card.status === SETUP_CODES.failed;
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Gateway ${card.mac}`} data-testid="setup-card" data-status={String(card.status)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} ff="monospace">
            {card.mac}
          </Text>
          <Badge color={status.color} variant="light" leftSection={card.status === SETUP_CODES.progress ? <Loader size={10} color="yellow" /> : undefined}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[card.modelName, card.createdAt ? `Created ${formatDateTime(card.createdAt)}` : null].filter(Boolean).join(' · ')}
        </Text>
        <TextInput
          label="Gateway name"
          aria-label={`Name of gateway ${card.mac}`}
          value={editable ? name : card.name}
          readOnly={!editable}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => {
            setName(event.currentTarget.value);
            commit(event.currentTarget.value);
          }}
          onBlur={() => commit.flush()}
        />
        <Text size="sm" c={failed ? 'red' : 'dimmed'} role={failed ? 'alert' : undefined} data-testid="setup-card-message">
          {card.message}
        </Text>
      </Stack>
    </Card>
  );
});
