import { Badge, Group, List, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useNow } from '@/lib/use-now';
import { deviceStatus, scanStatusLabel, scanStatusTone } from '../find/find-rules';
import type { ScanState } from '../find/scan-state';
import type { SessionView } from '../find/scan-session';

const NO_CAPS = { textTransform: 'none' } as const;
const TYPE_LABELS: Record<string, string> = { BEACON: 'Beacon', DISPENSER: 'Dispenser', WRISTBAND: 'Wristband', BADGE: 'Badge', GATEWAY: 'Gateway', TABLET: 'Tablet' };

/** The scan's time as a bar: how much of the chosen duration has passed. */
export function ScanProgress({ running }: { running: NonNullable<SessionView['running']> }) {
  const now = useNow(250);
  const elapsed = Math.min(running.durationMs, Math.max(0, now - running.startedAt));
  const seconds = Math.floor(elapsed / 1000);
  return (
    <Stack gap={4}>
      <Progress value={(elapsed / running.durationMs) * 100} aria-label="Scan progress" animated transitionDuration={250} />
      <Text size="xs" c="dimmed">
        {seconds} s of {running.durationMs / 1000} s
      </Text>
    </Stack>
  );
}

/** Each chosen gateway's answer to the scan. */
export function GatewayScanStatus({ scans, names, running }: { scans: ScanState['scans']; names: ReadonlyMap<string, string>; running: boolean }) {
  if (scans.length === 0) return null;
  return (
    <List listStyleType="none" spacing={4} aria-label="Gateways scanning">
      {scans.map((s) => (
        <List.Item key={s.mac} data-testid="gateway-scan" data-code={s.code}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {names.get(s.mac) || s.mac}
            </Text>
            <Badge color={scanStatusTone(s.code)} variant="light" style={NO_CAPS}>
              {scanStatusLabel(s, running)}
            </Badge>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** The devices heard, merged across gateways: new ones first, then those the server already has. */
export function FoundDevicesTable({ devices, names }: { devices: ScanState['devices']; names: ReadonlyMap<string, string> }) {
  if (devices.length === 0) return null;
  return (
    <ScrollArea.Autosize mah="max(240px, 35vh)" type="auto">
      <Table striped highlightOnHover stickyHeader aria-label="Devices found">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>MAC Address</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Signal</Table.Th>
            <Table.Th>Heard by</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((d) => {
            const status = deviceStatus(d);
            return (
              <Table.Tr key={d.mac} data-testid="found-device" data-mac={d.mac} data-status={d.status}>
                <Table.Td ff="monospace">{d.mac}</Table.Td>
                <Table.Td>{TYPE_LABELS[d.type] ?? d.type}</Table.Td>
                <Table.Td>{d.rssi} dBm</Table.Td>
                <Table.Td>{names.get(d.gatewayMac) || d.gatewayMac}</Table.Td>
                <Table.Td>
                  <Badge color={status.tone} variant="light" style={{ ...NO_CAPS, whiteSpace: 'normal', height: 'auto' }}>
                    {status.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
