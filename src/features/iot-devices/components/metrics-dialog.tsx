import { DEFAULT_METRIC_INTERVAL, type MetricInterval, type Thing } from '@contracts/iot';
import { Group, Loader, Modal, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DateRangePicker, todayUtc } from '@/components/filters';
import { LoadError } from '@/components/load-error';
import { useConnectivity, useTelemetry } from '../api/get-thing-metrics';
import { connectedShare, connectivityRows, defaultMetricsRange, earliestMetricsDay, INTERVAL_OPTIONS, metricsInstants, transferRows, type MetricsView } from '../metrics';

const MetricsChart = lazy(() => import('./metrics-chart'));
const VIEWS = [
  { value: 'connectivity', label: 'Connectivity' },
  { value: 'transfer', label: 'Data Transfer' },
];
const isInterval = (v: string | null): v is MetricInterval => INTERVAL_OPTIONS.some((o) => o.value === v);

function MetricsBody({ thing }: { thing: Thing }) {
  const today = todayUtc();
  const [view, setView] = useState<MetricsView>('connectivity');
  const [interval, setInterval] = useState<MetricInterval>(DEFAULT_METRIC_INTERVAL);
  const [bullets, setBullets] = useState(false);
  // The instants are fixed when a range is applied, so the answer stays cached while the dialog is open.
  const [range, setRange] = useState(() => {
    const [start, end] = defaultMetricsRange(today);
    return { start, end, ...metricsInstants(start, end, Date.now()) };
  });
  const connectivity = useConnectivity(thing.id, range.from, range.to, view === 'connectivity');
  const telemetry = useTelemetry(thing.id, range.from, range.to, interval, view === 'transfer');
  const query = view === 'connectivity' ? connectivity : telemetry;
  const rows = useMemo(
    () => (view === 'connectivity' ? connectivityRows(connectivity.data ?? [], range.to) : transferRows(telemetry.data ?? [])),
    [view, connectivity.data, telemetry.data, range.to],
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl aria-label="Metric" value={view} onChange={(v) => setView(v === 'transfer' ? 'transfer' : 'connectivity')} data={VIEWS} />
        <DateRangePicker
          start={range.start}
          end={range.end}
          today={today}
          minDay={earliestMetricsDay(today)}
          onApply={(start, end) => setRange({ start, end, ...metricsInstants(start, end, Date.now()) })}
        />
        {view === 'transfer' && (
          <Select label="Interval" data={[...INTERVAL_OPTIONS]} value={interval} onChange={(v) => isInterval(v) && setInterval(v)} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
        )}
        <Switch label="Bullets" checked={bullets} onChange={(e) => setBullets(e.currentTarget.checked)} size="md" />
      </Group>
      {query.isPending ? (
        <Loader aria-label="Loading metrics" />
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} title="The metrics could not be loaded" />
      ) : (
        <>
          {view === 'connectivity' && rows.length > 0 && (
            <Text size="sm" role="status">
              Connected {connectedShare(rows as { time: number; connected: number }[])}% of the range
            </Text>
          )}
          <Suspense fallback={<Loader aria-label="Loading chart" />}>
            <MetricsChart view={view} rows={rows as unknown as Record<string, number>[]} bullets={bullets} domain={[Date.parse(range.from), Date.parse(range.to)]} />
          </Suspense>
        </>
      )}
    </Stack>
  );
}

/**
 * View Metrics (docs/SCREENS.md 'View Metrics'): Connectivity or Data Transfer over a range of the
 * last month, by interval, with or without bullets.
 */
export function MetricsDialog({ thing, onClose }: { thing: Thing | null; onClose: () => void }) {
  return (
    <Modal opened={thing !== null} onClose={onClose} title={thing ? `Metrics of ${thing.name}` : 'Metrics'} size="xl" closeButtonProps={{ 'aria-label': 'Close metrics', size: 44 }}>
      {thing && <MetricsBody key={thing.id} thing={thing} />}
    </Modal>
  );
}
