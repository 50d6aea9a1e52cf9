import { Box, Button, Slider, Stack, Text } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { EXPOSURE_PERIOD_MS, type ExposureUser, exposureEndpoints } from '@contracts/reports/exposure';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { COARSE_POINTER_QUERY, useMedia } from '@/lib/use-media';
import { reportQueryOptions } from '../shared/api/report-query';
import { ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import type { FilterState } from '../filters/filter-state';
import type { ReportPerson } from '../shared/links/person-links';
import { SpanLine } from './contacts-section';
import { EXPOSURE_PAGE_SIZE, exposedUsers, formatExposure, PERIOD_MINUTES } from './tracing';
import { personColumns, personMenuColumn, usePersonNames, PERSON_ROW_FIELDS, personOfRow } from '../shared/person-columns';

/** The Exposure call: everyone's totals over the chosen organizations and days. */
export interface ExposureQuery {
  organizationIds: number[];
  startDate: string;
  endDate: string;
  /** The smallest period: the slider then filters the one answer on the device (and offline). */
  periodMs: number;
}

export const SMALLEST_PERIOD_MS = EXPOSURE_PERIOD_MS.min;

const MARKS = [1, 5, 10, 15].map((value) => ({ value, label: `${value} min` }));

/** The exposure period slider: 1 to 15 minutes, by keyboard (arrows, Home, End), pointer or touch. */
export function PeriodSlider({ minutes, onChange }: { minutes: number; onChange: (minutes: number) => void }) {
  // A finger's thumb (44 px) on touch screens; the pointer's smaller one elsewhere.
  const coarse = useMedia(COARSE_POINTER_QUERY);
  return (
    <Box maw={480} pb="lg">
      <Text size="sm" fw={500} id="exposure-period-label">
        Exposure period: {minutes} min
      </Text>
      <Slider
        aria-labelledby="exposure-period-label"
        thumbLabel={`Exposure period, ${minutes} minutes`}
        min={PERIOD_MINUTES.min}
        max={PERIOD_MINUTES.max}
        step={1}
        value={minutes}
        onChange={onChange}
        label={(value) => `${value} min`}
        marks={MARKS}
        size="lg"
        thumbSize={coarse ? 44 : 28}
        // A 44 px band to grab on touch screens.
        styles={{ root: { height: 44 }, trackContainer: { height: 44 } }}
        data-testid="exposure-slider"
      />
    </Box>
  );
}

/** Everyone whose total exposure reaches the period, most exposed first; a row opens their details. */
export const ExposureSection = reportSection(
  'ExposureSection',
  {
    exposure: ({ query }: { query: ExposureQuery; minutes: number; filters: FilterState; open: (person: ReportPerson) => void }) =>
      reportQueryOptions(exposureEndpoints.interactions, query),
  },
  function ExposureBody({ exposure, minutes, filters, open }) {
    const names = usePersonNames();
    const answer = exposure.data;
    // The slider moves at once; the table follows in a deferred render.
    const period = useDeferredValue(minutes);
    const rows = useMemo(() => exposedUsers(answer?.users ?? [], period), [answer, period]);
    const columns = useMemo<DataColumn<ExposureUser>[]>(
      () => [
        ...personColumns<ExposureUser>(names, PERSON_ROW_FIELDS),
        { key: 'total', header: 'Total Exposure', value: (r) => r.totalMs, render: (r) => formatExposure(r.totalMs), unit: 'ms-to-s', align: 'right' },
        { key: 'contacts', header: 'Contacts', value: (r) => r.contacts, align: 'right' },
        { key: 'interactions', header: 'Interactions', value: (r) => r.interactions, align: 'right', fold: true },
        {
          key: 'details',
          header: 'Details',
          value: () => null,
          sortable: false,
          exportable: false,
          render: (r) => (
            <Button
              variant="light"
              size="sm"
              mih={44}
              aria-label={`Details of ${r.name}`}
              onClick={(event) => {
                event.stopPropagation();
                open({ id: r.userId, name: r.name, organizationId: r.organizationId });
              }}
            >
              Details
            </Button>
          ),
        },
        personMenuColumn<ExposureUser>(personOfRow, filters, ['compliance', 'staff-rounding', 'contact-tracing']),
      ],
      [filters, open, names],
    );
    return (
      <>
        <OfflineStamp updatedAt={exposure.dataUpdatedAt} hasData={answer !== undefined} />
        <ReportCard title="Exposure" loading={exposure.isFetching && answer !== undefined} error={answer ? null : exposure.error}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Care provider to care provider: the time each person shared a room with other staff, counting overlaps longer than 30 seconds and shorter than 2
              hours. Listed when the total reaches the period.
            </Text>
            {answer && <SpanLine from={answer.from} to={answer.to} timeZone={answer.timeZone} />}
            <DataTable
              label="Exposure"
              columns={columns}
              rows={rows}
              rowKey={(r) => r.userId}
              rowLabel={(r) => r.name}
              pageSize={EXPOSURE_PAGE_SIZE}
              loading={exposure.isPending}
              emptyText={`No one’s exposure reaches ${period} min in this span`}
              exportable
              onRowClick={(r) => open({ id: r.userId, name: r.name, organizationId: r.organizationId })}
            />
          </Stack>
        </ReportCard>
      </>
    );
  },
);
