import { type DeviceReadings, healthSummary, healthSummaryWords } from '@contracts/device-health';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNow } from '@/lib/use-now';

/**
 * The location's device health in one line (docs/SCREENS.md 'Device health'): how many of its
 * devices need attention, and for which readings; every device of the location, whatever the
 * filters show. Above the operations pages, Wristbands and Badges.
 */
export function HealthLine({ rows, noun }: { rows: readonly DeviceReadings[]; noun: { one: string; many: string } }) {
  const now = useNow();
  const summary = useMemo(() => healthSummary(rows, now), [rows, now]);
  return (
    <Text size="sm" role="status" aria-label="Device health" c={summary.attention > 0 ? 'orange.9' : 'dimmed'}>
      {healthSummaryWords(summary, noun)}
    </Text>
  );
}
