import type { PageEntry } from '../filters/filter-state';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { memo, useCallback, useState } from 'react';
import { DateRangePicker, TreeSelect } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { NoData, ReportCard } from '../shared/report-card';
import { activityQueryOf } from './api/dispenser-activity';
import { DispenserActivitySection } from './dispenser-activity-section';
import { type ColorBy, COLOR_BY_OPTIONS, LEVEL_FILTERS, type LevelFilter, toggleView, type Views } from './dispenser-map-model';
import { useReportFilters } from '../filters/use-report-filters';

const VIEW_LABELS: { value: keyof Views; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
];

/**
 * Dispenser Activity Report: one location's dispensers over a range, as 3D bars on its floor plan
 * and as a list; choosing one (a bar or a row) shows its hourly activity. The location, the chosen
 * dispenser and the range live in the address; Color By, the level filter and the views do not.
 */
export default function DispenserActivityPage({ entry }: { entry: PageEntry }) {
  const { bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/dispenser-activity');
  const [colorBy, setColorBy] = useState<ColorBy>('activity');
  const [level, setLevel] = useState<LevelFilter>('All');
  const [views, setViews] = useState<Views>({ list: true, map: true });
  const select = useCallback((deviceId: number | null) => update({ deviceId }), [update]);
  const groupName = bootstrap.groups.find((g) => g.id === filters.groupId)?.name ?? '';
  // The same query the route asked for while the page loaded (prefetchDispenserActivity).
  const query = activityQueryOf(filters);

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Stack gap="sm" mb="sm" role="search" aria-label="Report filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TreeSelect
            label="Location"
            nodes={bootstrap.groups}
            value={filters.groupId}
            // A new location has other dispensers: none is chosen.
            onChange={(groupId) => groupId !== filters.groupId && update({ groupId, deviceId: null })}
            placeholder="Select a location"
          />
          <DateRangePicker start={filters.startDate} end={filters.endDate} onApply={(startDate, endDate) => update({ dates: { startDate, endDate } })} />
          <Select
            label="Activity Level"
            data={LEVEL_FILTERS.map((value) => ({ value, label: value }))}
            value={level}
            onChange={(value) => value && setLevel(value as LevelFilter)}
            allowDeselect={false}
            size="md"
            w={160}
          />
        </Group>
        <DisplayToggles colorBy={colorBy} setColorBy={setColorBy} views={views} setViews={setViews} />
      </Stack>
      {query === null ? (
        <ReportCard title="Dispensers">
          <NoData>Choose a location to see its dispensers.</NoData>
        </ReportCard>
      ) : (
        <DispenserActivitySection
          query={query}
          groupName={groupName}
          colorBy={colorBy}
          level={level}
          views={views}
          selectedId={filters.deviceId}
          onSelect={select}
        />
      )}
    </Stack>
  );
}

/** Color By and the two view toggles (pairs of toggle buttons, like the report filters' View by). */
const DisplayToggles = memo(function DisplayToggles({
  colorBy,
  setColorBy,
  views,
  setViews,
}: {
  colorBy: ColorBy;
  setColorBy: (value: ColorBy) => void;
  views: Views;
  setViews: (update: (views: Views) => Views) => void;
}) {
  return (
    <Group gap="lg" wrap="wrap">
      {/* The label goes above its buttons when a phone has no room for both (no sideways scrolling at 390 px). */}
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} id="color-by-label">
          Color By
        </Text>
        <Button.Group aria-labelledby="color-by-label">
          {COLOR_BY_OPTIONS.map(({ value, label }) => (
            <Button key={value} size="md" px="sm" variant={colorBy === value ? 'filled' : 'default'} aria-pressed={colorBy === value} onClick={() => setColorBy(value)}>
              {label}
            </Button>
          ))}
        </Button.Group>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} id="show-label">
          Show
        </Text>
        <Button.Group aria-labelledby="show-label">
          {VIEW_LABELS.map(({ value, label }) => {
            const only = views[value] && !views[value === 'list' ? 'map' : 'list'];
            return (
              <Button
                key={value}
                size="md"
                variant={views[value] ? 'filled' : 'default'}
                aria-pressed={views[value]}
                title={only ? 'One view always stays on' : undefined}
                onClick={() => setViews((current) => toggleView(current, value))}
              >
                {label}
              </Button>
            );
          })}
        </Button.Group>
      </Group>
    </Group>
  );
});
