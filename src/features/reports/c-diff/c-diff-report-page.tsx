import type { PageEntry } from '../filters/filter-state';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DateRangePicker, SearchInput, TreeMultiSelect } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import type { CdiffRoomsFilter } from './api/cdiff';
import { type CdiffRoom, CdiffRooms } from './cdiff-rooms';
import { CdiffVisits } from './cdiff-visits';
import { ReportClock } from '../shared/report-clock';
import { TrustBadge } from '../shared/trust-badge';
import { useReportFilters } from '../filters/use-report-filters';
import { sharedTimeZone } from '../staff-rounding/rounding-query';

/** C. Diff Report: the C. diff rooms of the chosen locations and range; a room's Details lists its visits. */
export default function CdiffReportPage({ entry }: { entry: PageEntry }) {
  const { bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/c-diff-report');
  const roomsFilter = useMemo<CdiffRoomsFilter>(
    () => ({ groupIds: filters.groupIds, zoneIds: filters.zoneIds, startDate: filters.startDate, endDate: filters.endDate, search: filters.search }),
    [filters.groupIds, filters.zoneIds, filters.startDate, filters.endDate, filters.search],
  );
  // The room whose visits show, for the filters it was chosen under: other filters go back to the rooms.
  const [open, setOpen] = useState<{ room: CdiffRoom; under: CdiffRoomsFilter } | null>(null);
  const room = open?.under === roomsFilter ? open.room : null;
  const timeZone = useMemo(() => sharedTimeZone(filters.groupIds, bootstrap.groups), [filters.groupIds, bootstrap.groups]);
  const trustQuery = useMemo(() => ({ groupIds: filters.groupIds, startDate: filters.startDate, endDate: filters.endDate, view: 'loc' as const }), [filters.groupIds, filters.startDate, filters.endDate]);

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Stack gap="sm" mb="lg" role="search" aria-label="Report filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TreeMultiSelect label="Locations" nodes={bootstrap.groups} value={filters.groupIds} onChange={(ids) => update({ groupIds: ids })} />
          <SearchInput label="Search rooms" value={filters.search} onChange={(search) => update({ search })} placeholder="Room name" />
          <DateRangePicker start={filters.startDate} end={filters.endDate} onApply={(startDate, endDate) => update({ dates: { startDate, endDate } })} />
        </Group>
        {filters.zoneIds.length > 0 && (
          <Alert color="blue" variant="light" p="xs">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">
                {filters.zoneIds.length === 1 ? 'This link shows one room only.' : `This link shows ${filters.zoneIds.length} rooms only.`}
              </Text>
              <Button variant="default" mih={44} onClick={() => update({ zoneIds: [] })}>
                Show all rooms
              </Button>
            </Group>
          </Alert>
        )}
        <ReportClock timeZone={timeZone} />
        <TrustBadge query={trustQuery} />
      </Stack>
      {room ? (
        <CdiffVisits
          key={room.zoneId}
          room={room}
          timeZone={bootstrap.groups.find((g) => g.id === room.groupId)?.timeZone ?? 'UTC'}
          filter={{ zoneId: room.zoneId, groupIds: filters.groupIds, startDate: filters.startDate, endDate: filters.endDate }}
          filters={filters}
          onBack={() => setOpen(null)}
        />
      ) : (
        <CdiffRooms filter={roomsFilter} onOpen={(r) => setOpen({ room: r, under: roomsFilter })} />
      )}
    </Stack>
  );
}
