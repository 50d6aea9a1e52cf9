import type { GroupActivity } from '@contracts/reports/dispensers';
import { Alert, Grid, Skeleton, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { FloorPlanMap } from '@/components/floor-plan/floor-plan-map';
import { OfflineStamp } from '@/components/offline-stamp';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/offline/connectivity';
import { type DispenserActivityQuery, dispenserActivityQuery } from './api/dispenser-activity';
import { DispenserBars, DispenserLegend } from './dispenser-bars';
import { DispenserDetail } from './dispenser-detail';
import { type ColorBy, filterByLevel, type LevelFilter, maxCount, type Views } from './dispenser-map-model';
import { NoData, ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';

type Dispenser = GroupActivity['dispensers'][number];

/** Rows per page of the dispenser list. */
export const DISPENSER_PAGE_SIZE = 20;
const MAP_HEIGHT = 'min(70vh, 640px)';

interface SectionProps {
  query: DispenserActivityQuery;
  groupName: string;
  colorBy: ColorBy;
  level: LevelFilter;
  views: Views;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

const COLUMNS: DataColumn<Dispenser>[] = [
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'role', header: 'Type', value: (r) => r.role },
  { key: 'count', header: 'Dispenses', value: (r) => r.count, align: 'right' },
  { key: 'activityLevel', header: 'Activity Level', value: (r) => r.activityLevel },
  { key: 'lastDispense', header: 'Last Dispense', value: (r) => r.lastDispense, render: (r) => (r.lastDispense ? formatDateTime(r.lastDispense) : '—'), fold: true },
  { key: 'createdAt', header: 'Created', value: (r) => r.createdAt, render: (r) => formatDateTime(r.createdAt), fold: true },
];

/** The location's dispensers: the map with its legend, the chosen dispenser's card and the list. */
export const DispenserActivitySection = reportSection(
  'DispenserActivitySection',
  { activity: ({ query }: SectionProps) => dispenserActivityQuery(query) },
  function DispenserActivityBody({ activity, query, groupName, colorBy, level, views, selectedId, onSelect }) {
    const online = useOnlineStatus();
    const all = useMemo(() => activity.data?.dispensers ?? [], [activity.data]);
    const max = useMemo(() => maxCount(all), [all]);
    const shown = useMemo(() => filterByLevel(all, level), [all, level]);
    const selected = selectedId === null ? undefined : all.find((d) => d.id === selectedId);
    const plan = activity.data?.floorplanImage ?? null;
    const loading = activity.isFetching && activity.data !== undefined;
    const error = activity.data ? null : activity.error;
    const unplaced = shown.filter((d) => d.x === null || d.y === null).length;

    const detail = selected ? (
      <DispenserDetail dispenser={selected} startDate={query.startDate} endDate={query.endDate} onClose={() => onSelect(null)} />
    ) : selectedId !== null && activity.data ? (
      <Alert color="gray" variant="light">
        The chosen dispenser is not in this location.
      </Alert>
    ) : null;

    const map = views.map && (
      <ReportCard title="Floor plan" loading={loading} error={error} actions={plan ? <DispenserLegend colorBy={colorBy} /> : undefined}>
        {activity.isPending ? (
          <Skeleton h={MAP_HEIGHT} aria-hidden />
        ) : plan ? (
          <Stack gap="xs">
            <FloorPlanMap
              imageUrl={plan}
              label={`Floor plan of ${groupName || 'the location'}`}
              height={MAP_HEIGHT}
              errorText={online ? 'The floor plan could not be loaded.' : 'The floor plan has not been loaded on this device yet.'}
            >
              <DispenserBars dispensers={shown} max={max} colorBy={colorBy} selectedId={selectedId} onSelect={onSelect} />
            </FloorPlanMap>
            {unplaced > 0 && (
              <NoData>{`${unplaced} ${unplaced === 1 ? 'dispenser has' : 'dispensers have'} no place on the plan; the list shows ${unplaced === 1 ? 'it' : 'them'}.`}</NoData>
            )}
          </Stack>
        ) : (
          <NoData>No floor plan for this location</NoData>
        )}
      </ReportCard>
    );

    return (
      <>
        <OfflineStamp updatedAt={activity.dataUpdatedAt} hasData={activity.data !== undefined} />
        {/* One layout whether or not a dispenser is chosen, so choosing one keeps the map (and its zoom). */}
        <Grid gap="md">
          {map && <Grid.Col span={{ base: 12, lg: detail ? 8 : 12 }}>{map}</Grid.Col>}
          {detail && <Grid.Col span={{ base: 12, lg: map ? 4 : 12 }}>{detail}</Grid.Col>}
        </Grid>
        {views.list && (
          <ReportCard title="Dispensers" loading={loading} error={error}>
            <DataTable
              label="Dispenser activity"
              columns={COLUMNS}
              rows={shown}
              rowKey={(r) => r.id}
              rowLabel={(r) => r.name}
              pageSize={DISPENSER_PAGE_SIZE}
              loading={activity.isPending}
              initialSort={{ key: 'count', direction: 'desc' }}
              emptyText={all.length === 0 ? 'No dispensers in this location' : 'No dispensers at this activity level'}
              exportable
              onRowClick={(r) => onSelect(r.id)}
            />
          </ReportCard>
        )}
      </>
    );
  },
);
