import type { Gateway } from '@contracts/gateways';
import { Badge, Card, Checkbox, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '@/lib/format';
import { formatLastHeard } from '@/lib/last-heard';
import { CARD_ROW_HEIGHT, heartbeatHealth, isRecent } from '../gateway-health';
import { isOutdated, isUpdating } from '../gateway-filters';

const HEALTH_COLORS = { ok: 'teal', warning: 'yellow', error: 'red' } as const;
const JOB_LABELS = { PENDING: 'Update pending', STARTED: 'Updating', UPDATED: 'Updated', FAILED: 'Update failed' } as const;
const JOB_COLORS = { PENDING: 'yellow', STARTED: 'blue', UPDATED: 'teal', FAILED: 'red' } as const;

export interface GatewayCardProps {
  gateway: Gateway;
  now: number;
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  /** A software update of this gateway still in this device's outbox. */
  queued: boolean;
}

/**
 * One gateway of the grid (docs/GATEWAYS.md 'The list and its stats'): name, MAC, model and location; its heartbeat's
 * health (warning from 12 hours, error from 24 or never heard); its software and its last update
 * job. The card opens the gateway's drawer; its box selects it for a software update.
 */
export const GatewayCard = memo(function GatewayCard({ gateway: g, now, selected, onToggle, onOpen, queued }: GatewayCardProps) {
  const health = heartbeatHealth(g.lastHeartbeat, now);
  const job = g.updateStatus;
  return (
    <Card withBorder padding="sm" h={CARD_ROW_HEIGHT} data-testid="gateway-card" data-gateway-id={g.id} data-health={health} aria-label={g.name} component="article">
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <UnstyledButton onClick={() => onOpen(g.id)} style={{ minHeight: 44, flex: 1, minWidth: 0 }} aria-label={`Details of ${g.name}`}>
          <Text fw={600} truncate="end">
            {g.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" truncate="end">
            {g.mac} · {g.modelName}
          </Text>
        </UnstyledButton>
        <label style={{ display: 'inline-flex', minWidth: 44, minHeight: 44, alignItems: 'center', justifyContent: 'center', cursor: 'pointer' }}>
          <Checkbox aria-label={`Select ${g.name}`} checked={selected} onChange={() => onToggle(g.id)} />
        </label>
      </Group>
      <Stack gap={4} mt={4}>
        <Text size="xs" truncate="end">
          {g.groupName}
        </Text>
        <Group gap={4}>
          <Badge color={HEALTH_COLORS[health]} variant="light" title={g.lastHeartbeat ? formatDateTime(g.lastHeartbeat) : undefined}>
            {g.lastHeartbeat ? `Heartbeat ${formatLastHeard(g.lastHeartbeat, now)}` : 'No heartbeat'}
          </Badge>
          {isRecent(g.createdAt, now) && (
            <Badge color="grape" variant="light">
              Recent
            </Badge>
          )}
          {g.station && (
            <Badge color="indigo" variant="light">
              Station
            </Badge>
          )}
        </Group>
        <Group gap={4}>
          {queued ? (
            <Badge color="yellow" variant="outline">
              Update queued
            </Badge>
          ) : job ? (
            <Badge color={JOB_COLORS[job.status]} variant="light" leftSection={isUpdating(g) ? <Loader size={10} color="currentColor" /> : undefined} title={job.message ?? undefined}>
              {JOB_LABELS[job.status]}: {job.packageName} {job.version}
            </Badge>
          ) : null}
          {!queued && !isUpdating(g) && isOutdated(g) && (
            <Badge color="orange" variant="dot">
              Software out of date
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
});
