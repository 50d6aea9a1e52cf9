import { Text } from '@mantine/core';
import { zoneName } from '@/lib/format';

/**
 * The clock a report's days and times are on (docs/METRICS.md 'Ranges, days and time zones'): one
 * named zone, or, when the chosen locations have several (`timeZone` null), each location's own.
 */
export function ReportClock({ timeZone }: { timeZone: string | null }) {
  return (
    <Text size="sm" c="dimmed" data-testid="report-clock">
      {timeZone
        ? `Days and times: ${zoneName(timeZone)}${timeZone === 'UTC' ? '' : ` (${timeZone})`}`
        : 'Days and times: each location’s own time zone, named beside each time'}
    </Text>
  );
}
