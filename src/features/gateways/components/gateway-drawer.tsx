import { KIOSK_GATEWAY_MODEL_ID } from '@contracts/devices';
import type { Gateway } from '@contracts/gateways';
import { Alert, Badge, Button, Drawer, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { formatLastHeard } from '@/lib/last-heard';
import { useGatewayStats } from '../api/get-gateway-stats';
import { isUpdating } from '../gateway-filters';
import { heartbeatHealth } from '../gateway-health';
import { DRAWER_HEIGHT, ResizeHandle } from './resize-handle';
import { RemoteTerminal } from './remote-terminal';

const GatewayStatsChart = lazy(() => import('./gateway-stats-chart'));
const Loading = () => <Loader size="sm" role="status" aria-label="Loading the statistics" />;
const HEALTH_COLORS = { ok: 'teal', warning: 'yellow', error: 'red' } as const;

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function GatewayStatsSection({ gatewayId }: { gatewayId: number }) {
  const stats = useGatewayStats(gatewayId);
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <Text c="red">The gateway’s statistics could not be loaded.</Text>;
  if (stats.data.items.every((i) => i.value === 0)) return <Text c="dimmed">Nothing was heard through this gateway in the last 24 hours.</Text>;
  return (
    <Suspense fallback={<Loading />}>
      <GatewayStatsChart stats={stats.data} />
    </Suspense>
  );
}

/**
 * A gateway's bottom drawer (75vh, resizable): its details, its last 24 hours,
 * its software with the update status, and the software update of this gateway alone.
 */
export function GatewayDrawer({ gateway: g, now, queued, onClose, onUpdate }: { gateway: Gateway | null; now: number; queued: boolean; onClose: () => void; onUpdate: (g: Gateway) => void }) {
  const [height, setHeight] = useState<number>(DRAWER_HEIGHT.initial);
  const job = g?.updateStatus ?? null;
  return (
    <Drawer opened={g !== null} onClose={onClose} position="bottom" size={`${height}vh`} title={g?.name} closeButtonProps={{ 'aria-label': 'Close' }} scrollAreaComponent={ScrollArea.Autosize}>
      {g && (
        <Stack gap="lg" data-testid="gateway-drawer">
          <ResizeHandle height={height} onResize={setHeight} />
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            <Detail label="MAC">{g.mac}</Detail>
            <Detail label="Model">{g.modelName}</Detail>
            <Detail label="Location">{g.groupName}</Detail>
            <Detail label="Type">{g.station ? 'Station' : 'Non-Station'}</Detail>
            <Detail label="Created">{formatDateTime(g.createdAt)}</Detail>
            <Detail label="Last heartbeat">
              <Badge color={HEALTH_COLORS[heartbeatHealth(g.lastHeartbeat, now)]} variant="light">
                {g.lastHeartbeat ? `${formatLastHeard(g.lastHeartbeat, now)} (${formatDateTime(g.lastHeartbeat)})` : 'Never'}
              </Badge>
            </Detail>
            {g.status && (
              <Detail label="Status">
                {g.status.code} {g.status.message} ({formatDateTime(g.status.timestamp)})
              </Detail>
            )}
          </SimpleGrid>

          <Stack gap="xs">
            <Title order={4}>Last 24 hours</Title>
            <GatewayStatsSection gatewayId={g.id} />
          </Stack>

          {g.modelId === KIOSK_GATEWAY_MODEL_ID && (
            <Stack gap="xs">
              <Title order={4}>Remote terminal</Title>
              <RemoteTerminal gateway={g} />
            </Stack>
          )}

          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={4}>Software</Title>
              <Button onClick={() => onUpdate(g)} disabled={isUpdating(g) || queued || g.availableVersions.length === 0} mih={44}>
                Update software
              </Button>
            </Group>
            {queued && (
              <Alert color="yellow" variant="light">
                A software update of this gateway is queued on this device and goes out when the connection is back.
              </Alert>
            )}
            {job && (
              <Alert
                color={job.status === 'FAILED' ? 'red' : job.status === 'UPDATED' ? 'teal' : 'blue'}
                variant="light"
                title={`${job.packageName} ${job.version}: ${job.status === 'PENDING' ? 'pending' : job.status === 'STARTED' ? 'updating' : job.status === 'UPDATED' ? 'updated' : 'failed'}`}
                icon={isUpdating(g) ? <Loader size="xs" /> : undefined}
                data-testid="update-status"
                data-status={job.status}
              >
                {job.message ? `${job.message} · ` : ''}
                {formatDateTime(job.updatedAt)}
              </Alert>
            )}
            {g.software.length === 0 ? (
              <Text c="dimmed">This gateway reports no software.</Text>
            ) : (
              <Table aria-label="Software" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Package</Table.Th>
                    <Table.Th>Running</Table.Th>
                    <Table.Th>Latest</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {g.software.map((p) => (
                    <Table.Tr key={p.name}>
                      <Table.Td>{p.name}</Table.Td>
                      <Table.Td>{p.version.current?.version ?? 'Unknown'}</Table.Td>
                      <Table.Td>{p.version.latest?.version ?? '—'}</Table.Td>
                      <Table.Td>
                        <Badge color={p.outdated ? 'orange' : 'teal'} variant="light">
                          {p.outdated ? 'Out of date' : 'Up to date'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
