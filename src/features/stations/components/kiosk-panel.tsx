import type { KioskGateway } from '@contracts/stations';
import type { WristbandState } from '@contracts/stations-realtime';
import { Accordion, Alert, Group, Stack, Text } from '@mantine/core';
import { memo, useCallback, useMemo } from 'react';
import type { PendingAssignment } from '../live/pending-assignments';
import type { GatewayLive } from '../live/stations-live';
import { CommandTerminal } from '@/widgets/command-terminal/command-terminal';
import { IDLE_COMMAND } from '@/entities/gateways/gateway-commands';
import { SessionBadge } from './session-badge';
import { StationDiagram } from './station-diagram';
import classes from './stations.module.css';

/** Panel colours cycle through three. */
const PANEL_COLORS = ['blue', 'grape', 'teal'] as const;

/** One kiosk gateway: its session state in the header; station diagrams and commands inside. */
export const KioskPanel = memo(function KioskPanel({
  gateway,
  index,
  live,
  connected,
  pending,
  onSlot,
  onCommand,
}: {
  gateway: KioskGateway;
  index: number;
  live: GatewayLive | undefined;
  connected: boolean;
  /** Pending assignments of this gateway. */
  pending: readonly PendingAssignment[];
  onSlot: (gateway: KioskGateway, slot: number, wristband: WristbandState) => void;
  onCommand: (gatewayMac: string, type: 'cli' | 'update', label: string, payload: { command?: readonly string[] }) => void;
}) {
  const color = PANEL_COLORS[index % PANEL_COLORS.length];
  const pendingByMac = useMemo(() => new Map(pending.map((p) => [p.mac, p])), [pending]);
  const openSlot = useCallback((slot: number, w: WristbandState) => onSlot(gateway, slot, w), [onSlot, gateway]);
  const run = useCallback(
    (type: 'cli' | 'update', label: string, payload: { command?: readonly string[] }) => onCommand(gateway.mac, type, label, payload),
    [onCommand, gateway.mac],
  );
  const state = live?.state ?? null;
  const docked = state?.stations.reduce((n, s) => n + s.slots.filter((x) => x.wristband).length, 0) ?? 0;
  return (
    <Accordion.Item
      value={String(gateway.id)}
      className={classes.panel}
      data-testid="kiosk-panel"
      data-gateway={gateway.mac}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)`, background: `var(--mantine-color-${color}-0)` }}
    >
      <Accordion.Control mih={56}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {gateway.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {[gateway.station, gateway.groupName, state ? `${docked} docked` : null].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <SessionBadge live={live} connected={connected} />
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          {live?.lastError && live.status === 'error' && (
            <Alert color="red" variant="light" p="xs">
              {`${live.lastError}. Joining again shortly.`}
            </Alert>
          )}
          {state ? (
            state.stations.map((station) => (
              <StationDiagram key={station.name} station={station} pendingByMac={pendingByMac} onSlot={openSlot} />
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {live?.status === 'error' ? 'The station has not answered.' : 'Waiting for the station…'}
            </Text>
          )}
          <CommandTerminal
            gatewayName={gateway.name}
            state={live?.command ?? IDLE_COMMAND}
            disabled={!live || live.status === 'idle' || live.status === 'left'}
            onRun={run}
          />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
});
