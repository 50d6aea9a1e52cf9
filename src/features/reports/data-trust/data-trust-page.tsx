import type { LocationTrust, TrustDay, TrustDevice } from '@contracts/reports/trust';
import { Alert, Badge, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PageHeader } from '@/components/page-header';
import { DateRangePicker, TreeSelect } from '@/components/filters';
import { addDays, formatDay, todayUtc } from '@/components/filters/date-range';
import { OfflineStamp } from '@/components/offline-stamp';
import { AnchorLink } from '@/components/router-links';
import { formatDateTimeIn, zoneName } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { TRUST_COLOR } from '../shared/trust-badge';
import { useLocationTrust } from './api/get-location-trust';

const route = getRouteApi('/app/reports/data-trust');
const LEVEL_WORDS = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' } as const;

/** Where a device is looked after: its operations page, found by its MAC. */
function devicePage(device: TrustDevice, groupId: number) {
  const to =
    device.type === 'DISPENSER' ? '/app/maintenance/dispenser-operations'
    : device.type === 'BEACON' ? '/app/maintenance/beacon-operations'
    : '/app/maintenance/gateways';
  return { to, search: { groupId, search: device.mac } } as const;
}

function DeviceItem({ device, trust }: { device: TrustDevice; trust: LocationTrust }) {
  const link = devicePage(device, trust.groupId);
  return (
    <List.Item>
      <Stack gap={0}>
        <AnchorLink to={link.to} search={link.search} size="sm" fw={500} mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
          {device.name}
        </AnchorLink>
        <Text size="sm">{device.problem}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {device.mac}
        </Text>
        <Text size="xs" c="dimmed">
          Last heartbeat: {device.lastHeartbeatAt ? formatDateTimeIn(device.lastHeartbeatAt, trust.timeZone) : 'never'}
        </Text>
      </Stack>
    </List.Item>
  );
}

function DayCard({ day, trust }: { day: TrustDay; trust: LocationTrust }) {
  const lowered = day.level !== null && day.level !== 'HIGH';
  return (
    <Card withBorder padding="md" data-testid="trust-day" data-day={day.date} data-level={day.level ?? 'NONE'}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {formatDay(day.date)}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {day.opportunities.toLocaleString('en-US')} opportunities
            </Text>
            <Badge color={day.level ? TRUST_COLOR[day.level] : 'gray'} variant={lowered ? 'filled' : 'light'}>
              {day.level ? `${LEVEL_WORDS[day.level]} trust` : 'Nothing to judge'}
            </Badge>
          </Group>
        </Group>
        <List size="sm" spacing={2}>
          {day.inputs.map((i) => (
            <List.Item key={i.input}>
              <Text span size="sm" c={i.level === 'LOW' ? 'red.8' : i.level === 'MEDIUM' ? 'yellow.9' : undefined} fw={i.level === 'HIGH' ? undefined : 600}>
                {LEVEL_WORDS[i.level]}: {i.words}
              </Text>
            </List.Item>
          ))}
        </List>
        {day.devices.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Devices behind it
            </Text>
            <List size="sm" spacing="xs" listStyleType="none" aria-label={`Devices behind ${formatDay(day.date)}`}>
              {day.devices.map((d) => (
                <DeviceItem key={d.id} device={d} trust={trust} />
              ))}
            </List>
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Data Trust (docs/SCREENS.md 'Data Trust'): a location's days, newest first, each with its trust
 * level, the inputs that made it, and the devices behind every Medium and Low, each linked to
 * the page where it is looked after.
 */
export default function DataTrustPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const today = todayUtc();
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = search.groupId !== undefined && accessible.some((g) => g.id === search.groupId) ? search.groupId : (user.managedGroupIds.find((id) => accessible.some((g) => g.id === id)) ?? null);
  const endDate = search.endDate ?? today;
  const startDate = search.startDate && search.startDate <= endDate ? search.startDate : addDays(endDate, -6);
  const trust = useLocationTrust(groupId === null ? null : { groupId, startDate, endDate });
  const update = (patch: { groupId?: number | null; startDate?: string; endDate?: string }) =>
    void navigate({ search: (current) => ({ ...current, ...patch, groupId: patch.groupId === null ? undefined : (patch.groupId ?? current.groupId) }), replace: true });

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Data trust filters">
        <TreeSelect label="Location" nodes={bootstrap.groups} value={groupId} onChange={(id) => update({ groupId: id })} placeholder="Select a location" />
        <DateRangePicker start={startDate} end={endDate} onApply={(start, end) => update({ startDate: start, endDate: end })} />
      </Group>
      <Text size="sm" c="dimmed">
        How far this location&apos;s figures can be believed, day by day (UTC days): badge wear, dispensers, room beacons and gateways. Times are on{' '}
        {trust.data ? `${trust.data.groupName}'s clock (${zoneName(trust.data.timeZone)})` : "the location's clock"}.
      </Text>
      <OfflineStamp updatedAt={trust.dataUpdatedAt} hasData={trust.data !== undefined} />
      {groupId === null ? (
        <Text>Choose a location to see the days and devices behind its data trust.</Text>
      ) : trust.error && !trust.data ? (
        <Alert color="red" title="Data trust could not be loaded">
          {trust.error.message}
        </Alert>
      ) : !trust.data ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading data trust…</Text>
        </Group>
      ) : (
        <Stack gap="sm" aria-busy={trust.isFetching}>
          {trust.data.days.map((day) => (
            <DayCard key={day.date} day={day} trust={trust.data} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
