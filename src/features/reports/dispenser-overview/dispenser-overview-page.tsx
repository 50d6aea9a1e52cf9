import type { PageEntry } from '../filters/filter-state';
import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo } from 'react';
import { type DispenserRankingRow, dispenserEndpoints } from '@contracts/reports/dispensers';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateRangePicker, TreeMultiSelect } from '@/components/filters';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { formatDelta, wholePercents } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { FigureCard } from '../shared/figure-card';
import { NoData, ReportCard } from '../shared/report-card';
import { reportSection, useReportStages } from '../shared/report-section';
import { TrendChart } from '../shared/trend-chart';
import { TrustBadge } from '../shared/trust-badge';
import { exceedsSixMonths, type FilterPatch, type FilterState } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { DISPENSER_DEFINITIONS, type DispenserQuery, dispenserQuery, formatHour } from './dispenser-figures';

/** Ranking rows shown a page (docs/METRICS.md 'Dispensers'). */
const RANKING_PAGE_SIZE = 20;

/**
 * Dispenser Overview (docs/SCREENS.md 'Dispenser Overview'): stat cards, the activations trend with
 * its breakdown by dispense type, usage by shift and by activity level, and the usage ranking; a
 * ranking row opens the dispenser on its location's floor plan in Dispenser Activity when the
 * location has one.
 */
export default function DispenserOverviewPage({ entry }: { entry: PageEntry }) {
  const { filters, update, linkTo } = useReportFilters('/app/reports/dispenser-overview');
  const navigate = useNavigate();
  const query = useMemo(() => dispenserQuery(filters), [filters]);
  const comparable = !exceedsSixMonths(filters.startDate, filters.endDate);
  const shown = useReportStages(2, [...ActivationsSection.callsFor({ query, comparable }), ...UsageSection.callsFor({ query }), ...RankingSection.callsFor({ query, open: () => {} })]);
  const open = useCallback(
    (row: DispenserRankingRow) =>
      void navigate(linkTo('/app/reports/dispenser-activity', { groupId: row.groupId, deviceId: row.id })),
    [navigate, linkTo],
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <DispenserFilterBar filters={filters} update={update} />
      <DispenserStats query={query} comparable={comparable} />
      <TrustBadge query={query} />
      {shown >= 2 && (
        <>
          <ActivationsSection query={query} comparable={comparable} />
          <UsageSection query={query} />
          <RankingSection query={query} open={open} />
        </>
      )}
    </Stack>
  );
}

/** Locations and dates: the two filters this page keeps. */
const DispenserFilterBar = memo(function DispenserFilterBar({ filters, update }: { filters: FilterState; update: (patch: FilterPatch) => void }) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="lg" role="search" aria-label="Report filters">
      <TreeMultiSelect label="Locations" nodes={bootstrap.groups} value={filters.groupIds} onChange={(ids) => update({ groupIds: ids })} />
      <DateRangePicker start={filters.startDate} end={filters.endDate} onApply={(startDate, endDate) => update({ dates: { startDate, endDate } })} />
    </Group>
  );
});

/** The four figure cards, and the offline stamp of the page. */
const DispenserStats = reportSection(
  'DispenserStats',
  { stats: ({ query }: { query: DispenserQuery; comparable: boolean }) => reportQueryOptions(dispenserEndpoints.overviewStats, query) },
  function DispenserStatsBody({ stats, comparable }) {
    const data = stats.data;
    const loading = stats.isPending;
    return (
      <>
        <OfflineStamp updatedAt={stats.dataUpdatedAt} hasData={data !== undefined} />
        {stats.error && !data ? (
          <ReportCard title="Dispensers" error={stats.error}>
            {null}
          </ReportCard>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <FigureCard label="Dispenses" stat={data?.dispenseCount} kind="number" definition={DISPENSER_DEFINITIONS.dispenseCount} loading={loading} comparable={comparable} />
            <FigureCard
              label="Hourly Dispenses"
              stat={data?.hourlyDispenses}
              kind="number"
              value={data && data.hourlyDispenses.value !== null ? data.hourlyDispenses.value.toFixed(1) : undefined}
              definition={DISPENSER_DEFINITIONS.hourlyDispenses}
              loading={loading}
              comparable={comparable}
            />
            <FigureCard
              label="Peak Activity Hour"
              // An hour of day has no change to compare.
              stat={data ? { value: data.peakActivityHour.value, delta: null } : undefined}
              kind="number"
              value={data ? formatHour(data.peakActivityHour.value) : undefined}
              definition={DISPENSER_DEFINITIONS.peakActivityHour}
              loading={loading}
              comparable={comparable}
            />
            <FigureCard
              label="Active Dispensers"
              stat={data?.activeDispensers}
              kind="number"
              definition={DISPENSER_DEFINITIONS.activeDispensers}
              loading={loading}
              comparable={comparable}
            />
          </SimpleGrid>
        )}
      </>
    );
  },
);

/** Dispenses per day, and by dispense type over the range. */
const ActivationsSection = reportSection(
  'ActivationsSection',
  { trend: ({ query }: { query: DispenserQuery; comparable: boolean }) => reportQueryOptions(dispenserEndpoints.trend, query) },
  function ActivationsBody({ trend, comparable }) {
    const breakdown = trend.data?.breakdown ?? [];
    return (
      <ReportCard title="Activations" loading={trend.isFetching} error={trend.data ? null : trend.error}>
        <TrendChart
          kind="bar"
          label="Dispenses per day"
          data={(trend.data?.trend ?? []).map((p) => ({ date: p.date, Dispenses: p.value }))}
          series={[{ name: 'Dispenses', color: 'teal.6' }]}
        />
        <Group gap="xl" mt="md" wrap="wrap" aria-label="By dispense type" role="list">
          {breakdown.map((b) => {
            const delta = comparable ? formatDelta(b.delta, 'number') : null;
            return (
              <Stack key={b.type} gap={0} role="listitem">
                <Text size="sm" c="dimmed">
                  {b.type}
                </Text>
                <Text fw={600} size="lg">
                  {b.value.toLocaleString('en-US')} dispenses
                  {delta && (
                    <Text span size="sm" c="dimmed" ml="xs">
                      {delta}
                    </Text>
                  )}
                </Text>
              </Stack>
            );
          })}
        </Group>
      </ReportCard>
    );
  },
);

/** A share as a labelled bar; `shown` is its whole-number percentage, rounded with its siblings' (wholePercents). */
function ShareBar({ label, percent, shown }: { label: string; percent: number | null; shown: number | null }) {
  const text = percent === null || shown === null ? '—' : `${shown}%`;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {text}
        </Text>
      </Group>
      <Progress value={percent ?? 0} size="lg" aria-label={`${label}: ${text}`} />
    </Stack>
  );
}

/** Dispenses by shift (day 5 AM–5 PM, night) and dispensers by activity level. */
const UsageSection = reportSection(
  'UsageSection',
  { usage: ({ query }: { query: DispenserQuery }) => reportQueryOptions(dispenserEndpoints.usageTrends, query) },
  function UsageBody({ usage }) {
    const data = usage.data;
    // The shares of each card add up to 100 %, so their whole numbers must too.
    const shiftShown = wholePercents((data?.shift ?? []).map((s) => s.percent));
    const activityShown = wholePercents((data?.activity ?? []).map((a) => a.percent));
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ReportCard title="Usage by Shift" loading={usage.isFetching} error={data ? null : usage.error}>
          {data && data.shift.every((s) => s.percent === null) ? (
            <NoData />
          ) : (
            <Stack gap="sm">
              {(data?.shift ?? []).map((s, i) => (
                <ShareBar
                  key={s.timeOfDay}
                  label={s.timeOfDay === 'Day' ? 'Day (5 AM – 5 PM)' : 'Night (5 PM – 5 AM)'}
                  percent={s.percent}
                  shown={shiftShown[i] ?? null}
                />
              ))}
            </Stack>
          )}
        </ReportCard>
        <ReportCard title="Usage by Activity Level" loading={usage.isFetching} error={data ? null : usage.error}>
          {data && data.activity.every((a) => a.percent === null) ? (
            <NoData />
          ) : (
            <Stack gap="sm">
              {(data?.activity ?? []).map((a, i) => (
                <ShareBar key={a.activityLevel} label={a.activityLevel} percent={a.percent} shown={activityShown[i] ?? null} />
              ))}
            </Stack>
          )}
        </ReportCard>
      </SimpleGrid>
    );
  },
);

/** Every dispenser of the selection by dispenses; a row with a floor plan opens Dispenser Activity. */
const RankingSection = reportSection(
  'DispenserRankingSection',
  { ranking: ({ query }: { query: DispenserQuery; open: (row: DispenserRankingRow) => void }) => reportQueryOptions(dispenserEndpoints.ranking, query) },
  function RankingBody({ ranking, open }) {
    const { bootstrap } = useSession();
    const groupName = useMemo(() => new Map(bootstrap.groups.map((g) => [g.id, g.name])), [bootstrap.groups]);
    const rows = ranking.data ?? [];
    const columns: DataColumn<DispenserRankingRow>[] = [
      { key: 'rank', header: 'Rank', value: (r) => rows.indexOf(r) + 1, align: 'right', sortable: false },
      { key: 'name', header: 'Dispenser', value: (r) => r.name },
      { key: 'location', header: 'Location', value: (r) => (r.groupId === null ? null : (groupName.get(r.groupId) ?? null)), fold: true },
      { key: 'role', header: 'Type', value: (r) => r.role },
      { key: 'peakHour', header: 'Peak Hour', value: (r) => r.peakHourRaw, render: (r) => r.peakHour ?? '—', align: 'right', fold: true },
      { key: 'totalEvents', header: 'Dispenses', value: (r) => r.totalEvents, align: 'right' },
      { key: 'map', header: 'Floor Plan', value: (r) => (r.hasFloorplan ? 'Yes' : 'No'), render: (r) => (r.hasFloorplan ? 'Open map' : '—'), fold: true },
    ];
    return (
      <ReportCard title="Usage Ranking" loading={ranking.isFetching && ranking.data !== undefined} error={ranking.data ? null : ranking.error}>
        <DataTable
          label="Dispenser usage ranking"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowLabel={(r) => r.name}
          pageSize={RANKING_PAGE_SIZE}
          loading={ranking.isPending}
          exportable
          emptyText="No dispensers in this selection"
          onRowClick={open}
          isRowClickable={(r) => r.hasFloorplan && r.groupId !== null}
        />
      </ReportCard>
    );
  },
);
