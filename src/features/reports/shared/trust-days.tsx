import { trustEndpoints } from '@contracts/reports/trust';
import { Switch, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ReportQueryParams } from '../filters/filter-state';
import { useReport } from './api/report-query';
import { type DayMark, dayLabel } from './trend-chart';

/**
 * The low-trust days of a report's range (docs/METRICS.md 'Data trust'), as marks for its trend
 * chart and in words below it: the same answer the trust badge reads.
 */
export function useLowTrustDays(query: ReportQueryParams): { marks: DayMark[]; words: string | null } {
  const trust = useReport(trustEndpoints.range, query);
  return useMemo(() => {
    const low = (trust.data?.days ?? []).filter((d) => d.level === 'LOW').map((d) => d.date);
    return {
      marks: low.map((date) => ({ date, label: 'Low trust', color: 'red.6' })),
      words: low.length === 0 ? null : `Low-trust ${low.length === 1 ? 'day' : 'days'}: ${low.map(dayLabel).join(', ')}`,
    };
  }, [trust.data]);
}

/** The low-trust days in words, under a trend. */
export function LowTrustDaysNote({ words }: { words: string | null }) {
  if (!words) return null;
  return (
    <Text size="sm" c="red.8" mt="xs" data-testid="low-trust-days">
      {words}
    </Text>
  );
}

/**
 * 'Exclude low-trust days': the switch of the figures that can leave low-trust location-days out,
 * saying how many it leaves out (the trust badge's own count of Low location-days).
 */
export function ExcludeLowTrustSwitch({ query, checked, onChange }: { query: ReportQueryParams; checked: boolean; onChange: (checked: boolean) => void }) {
  const trust = useReport(trustEndpoints.range, query);
  const low = trust.data?.locationDays.low;
  const days = (n: number) => `${n} low-trust location-${n === 1 ? 'day' : 'days'}`;
  const description = low === undefined ? undefined : checked ? `${days(low)} left out` : low > 0 ? `${days(low)} in this range` : 'No low-trust days in this range';
  return (
    <Switch
      size="md"
      label="Exclude low-trust days"
      description={description}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="exclude-low-trust"
    />
  );
}
