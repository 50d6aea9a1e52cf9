import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { MetricsView } from '../metrics';

const tick = (ms: number) => {
  const d = new Date(ms);
  return `${d.getMonth() + 1}/${d.getDate()} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
const LABELS = { connectivity: 'Connectivity', transfer: 'Data Transfer' } as const;

/** A device's metrics drawn with the charting library, loaded when the dialog first draws them. */
export default function MetricsChart({ view, rows, bullets, domain }: { view: MetricsView; rows: Record<string, number>[]; bullets: boolean; domain: [number, number] }) {
  if (rows.length === 0) return <Text c="dimmed">No events</Text>;
  const series =
    view === 'connectivity'
      ? [{ name: 'connected', label: 'Connected', color: 'teal.6' }]
      : [
          { name: 'system location', label: 'System location', color: 'blue.6' },
          { name: 'dispense uploads', label: 'Dispense uploads', color: 'grape.6' },
        ];
  return (
    <div role="img" aria-label={`${LABELS[view]} chart, ${rows.length} points`}>
      <LineChart
        h={300}
        data={rows}
        dataKey="time"
        series={series}
        curveType={view === 'connectivity' ? 'stepAfter' : 'linear'}
        withDots={bullets}
        withLegend={view === 'transfer'}
        tickLine="y"
        xAxisProps={{ type: 'number', scale: 'time', domain, tickFormatter: tick, minTickGap: 40 }}
        yAxisProps={view === 'connectivity' ? { domain: [0, 1], ticks: [0, 1], tickFormatter: (v: number) => (v ? 'On' : 'Off') } : undefined}
        tooltipProps={{ labelFormatter: (label) => (typeof label === 'number' ? tick(label) : label) }}
        valueFormatter={(v: number) => (view === 'connectivity' ? (v ? 'Connected' : 'Disconnected') : v.toLocaleString('en-US'))}
      />
    </div>
  );
}
