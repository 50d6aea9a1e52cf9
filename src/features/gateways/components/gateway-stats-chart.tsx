import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { GATEWAY_STAT_TYPES, type GatewayStats } from '@contracts/gateways';
import { SimpleGrid, Stack, Text } from '@mantine/core';

const COLORS = { Heartbeats: 'teal.6', 'Location Events': 'blue.6', 'Dispense Events': 'grape.6' } as const;
const hourLabel = (iso: string) => `${new Date(iso).getHours().toString().padStart(2, '0')}:00`;

/** A gateway's last 24 hours, one small bar chart per series; loaded with the charting library when the drawer opens. */
export default function GatewayStatsChart({ stats }: { stats: GatewayStats }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {GATEWAY_STAT_TYPES.map((type) => {
        const items = stats.items.filter((i) => i.type === type);
        const total = items.reduce((sum, i) => sum + i.value, 0);
        return (
          <Stack key={type} gap={4} aria-label={`${type}, last 24 hours: ${total.toLocaleString('en-US')}`} role="figure">
            <Text size="sm" fw={600}>
              {type} <Text span c="dimmed" size="sm">({total.toLocaleString('en-US')})</Text>
            </Text>
            <BarChart
              h={140}
              data={items.map((i) => ({ hour: hourLabel(i.hour), value: i.value }))}
              dataKey="hour"
              series={[{ name: 'value', label: type, color: COLORS[type] }]}
              tickLine="y"
              xAxisProps={{ interval: 5 }}
              valueFormatter={(value: number) => value.toLocaleString('en-US')}
            />
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
