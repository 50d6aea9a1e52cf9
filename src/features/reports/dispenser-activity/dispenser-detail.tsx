import { dispenserEndpoints, type GroupActivity } from '@contracts/reports/dispensers';
import { CloseButton, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatDateTime } from '@/lib/format';
import { reportQueryOptions } from '../shared/api/report-query';
import { NoData, ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import { hourLabel } from './dispenser-map-model';

type Dispenser = GroupActivity['dispensers'][number];

const HourlyChartBody = lazy(() => import('./dispenses-chart-body'));
const CHART_HEIGHT = 200;

interface DetailProps {
  dispenser: Dispenser;
  startDate: string;
  endDate: string;
  onClose: () => void;
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  );
}

/** The chosen dispenser: its figures and its dispenses by local hour over the range. */
export const DispenserDetail = reportSection(
  'DispenserDetail',
  {
    hourly: ({ dispenser, startDate, endDate }: DetailProps) =>
      reportQueryOptions(dispenserEndpoints.hourly, { dispenserId: dispenser.id, startDate, endDate }),
  },
  function DispenserDetailBody({ dispenser, hourly, onClose }) {
    const rows = (hourly.data ?? []).map((h) => ({ hour: hourLabel(h.hour), count: h.count }));
    const any = rows.some((r) => r.count > 0);
    return (
      <ReportCard
        title={dispenser.name}
        loading={hourly.isFetching && hourly.data !== undefined}
        error={hourly.data ? null : hourly.error}
        actions={<CloseButton size="xl" aria-label="Close dispenser details" onClick={onClose} />}
      >
        <Stack gap="sm" data-testid="dispenser-detail">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Type">{dispenser.role}</Figure>
            <Figure label="Dispenses">{dispenser.count.toLocaleString('en-US')}</Figure>
            <Figure label="Activity level">{dispenser.activityLevel}</Figure>
            <Figure label="Last dispense">{dispenser.lastDispense ? formatDateTime(dispenser.lastDispense) : 'None in this range'}</Figure>
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Hourly activity
            </Text>
            <Text size="xs" c="dimmed">
              local time of the location
            </Text>
          </Group>
          {hourly.isPending ? (
            <Skeleton h={CHART_HEIGHT} aria-hidden />
          ) : any ? (
            <div role="img" aria-label={`Hourly activity of ${dispenser.name}`} data-testid="hourly-chart">
              <Suspense fallback={<Skeleton h={CHART_HEIGHT} aria-hidden />}>
                <HourlyChartBody rows={rows} height={CHART_HEIGHT} />
              </Suspense>
            </div>
          ) : (
            <NoData>No dispenses in this range</NoData>
          )}
        </Stack>
      </ReportCard>
    );
  },
);
