import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface HourlyChartBodyProps {
  rows: readonly { hour: string; Visits: number }[];
  height: number;
}

/** The hourly bars; the charting library loads with this file, after the visit list is on screen. */
export default function HourlyChartBody({ rows, height }: HourlyChartBodyProps) {
  return (
    <BarChart
      h={height}
      data={[...rows]}
      dataKey="hour"
      series={[{ name: 'Visits', color: 'teal.6' }]}
      valueFormatter={(value: number) => `${Math.round(value)}`}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
