import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** A dispenser's dispenses by local hour; loaded with the charting library when a dispenser is chosen. */
export default function HourlyChartBody({ rows, height }: { rows: readonly { hour: string; count: number }[]; height: number }) {
  return (
    <BarChart
      h={height}
      data={[...rows]}
      dataKey="hour"
      series={[{ name: 'count', label: 'Dispenses', color: 'blue.6' }]}
      tickLine="y"
      xAxisProps={{ interval: 2 }}
      valueFormatter={(value: number) => value.toLocaleString('en-US')}
    />
  );
}
