import { Alert, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { type ExposureInteraction, exposureEndpoints } from '@contracts/reports/exposure';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { reportQueryOptions } from '../shared/api/report-query';
import { ReportCard } from '../shared/report-card';
import { ReportClock } from '../shared/report-clock';
import { reportSection } from '../shared/report-section';
import type { FilterState } from '../filters/filter-state';
import type { ReportPerson } from '../shared/links/person-links';
import { type Contact, contactsOf, EXPOSURE_PAGE_SIZE, formatExposure, formatMoment, formatSpanBound } from './tracing';
import { personColumns, personMenuColumn, usePersonNames, PERSON_ROW_FIELDS, personOfRow } from '../shared/person-columns';

/** The call of one person's contacts: the chosen organizations and days, and the person. */
export interface ContactsQuery {
  organizationIds: number[];
  startDate: string;
  endDate: string;
  userId: number;
}

/** The audit note shown wherever a person's contacts are. */
export function auditNote(name: string): string {
  return `Viewing ${name}’s contacts is recorded in the audit trail, with your name and the time.`;
}

/** The traced span as the server states it, on the report's clock, which it names. */
export function SpanLine({ from, to, timeZone }: { from: string; to: string; timeZone: string }) {
  // The span is the chosen days and the 24 hours before them (within an hour, across summer time).
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) - 1;
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="traced-span">
        Traced from <strong>{formatSpanBound(from, timeZone)}</strong> to <strong>{formatSpanBound(to, timeZone)}</strong>
        {days <= 1 ? ' (from 24 hours before the day to its end).' : ' (from 24 hours before the first day to the end of the last).'}
      </Text>
      <ReportClock timeZone={timeZone} />
    </Stack>
  );
}

/**
 * One person's contacts: the span traced, the audit note, everyone they shared a room with (their
 * totals), and each overlap. `actions` go in the first card's header (Back, Change person).
 */
export const ContactsSection = reportSection(
  'ContactsSection',
  {
    contacts: ({ query }: { query: ContactsQuery; person: ReportPerson; filters: FilterState; actions: ReactNode }) =>
      reportQueryOptions(exposureEndpoints.interactions, query),
  },
  function ContactsBody({ contacts, person, filters, actions }) {
    const names = usePersonNames();
    const answer = contacts.data;
    const timeZone = answer?.timeZone ?? 'UTC';
    const rows = useMemo(() => contactsOf(answer?.interactions ?? []), [answer]);
    const contactColumns = useMemo<DataColumn<Contact>[]>(
      () => [
        ...personColumns<Contact>(names, PERSON_ROW_FIELDS),
        { key: 'total', header: 'Total Exposure', value: (r) => r.totalMs, render: (r) => formatExposure(r.totalMs), unit: 'ms-to-s', align: 'right' },
        { key: 'interactions', header: 'Interactions', value: (r) => r.interactions, align: 'right' },
        { key: 'lastSeen', header: 'Last Contact', value: (r) => r.lastSeen, render: (r) => formatMoment(r.lastSeen, timeZone), fold: true },
        personMenuColumn<Contact>(personOfRow, filters, ['compliance', 'staff-rounding', 'contact-tracing']),
      ],
      [filters, names, timeZone],
    );
    const overlapColumns = useMemo<DataColumn<ExposureInteraction>[]>(
      () => [
        { key: 'contact', header: 'Contact', value: (r) => r.name },
        { key: 'room', header: 'Room', value: (r) => r.room },
        { key: 'entry', header: 'Entry', value: (r) => r.entryTimestamp, render: (r) => formatMoment(r.entryTimestamp, timeZone) },
        { key: 'exit', header: 'Exit', value: (r) => r.exitTimestamp, render: (r) => formatMoment(r.exitTimestamp, timeZone), fold: true },
        { key: 'duration', header: 'Duration', value: (r) => r.durationMs, render: (r) => formatExposure(r.durationMs), unit: 'ms-to-s', align: 'right' },
      ],
      [timeZone],
    );
    const error = answer ? null : contacts.error;
    const busy = contacts.isFetching && answer !== undefined;
    return (
      <>
        <OfflineStamp updatedAt={contacts.dataUpdatedAt} hasData={answer !== undefined} />
        <ReportCard title={`Contacts of ${person.name}`} loading={busy} error={error} actions={actions}>
          <Stack gap="sm">
            {answer && <SpanLine from={answer.from} to={answer.to} timeZone={answer.timeZone} />}
            <Alert color="blue" variant="light" p="xs" data-testid="audit-note">
              {auditNote(person.name)}
            </Alert>
            <DataTable
              label="Contacts"
              columns={contactColumns}
              rows={rows}
              rowKey={(r) => r.userId}
              rowLabel={(r) => r.name}
              pageSize={EXPOSURE_PAGE_SIZE}
              loading={contacts.isPending}
              emptyText={`No contacts of ${person.name} in this span`}
              exportable
            />
          </Stack>
        </ReportCard>
        <ReportCard title="Overlaps" loading={busy} error={error}>
          <DataTable
            label="Overlaps"
            columns={overlapColumns}
            rows={answer?.interactions ?? []}
            rowKey={(r) => `${r.userId}-${r.zoneId}-${r.entryTimestamp}`}
            rowLabel={(r) => `${r.name}, ${r.room}`}
            pageSize={EXPOSURE_PAGE_SIZE}
            loading={contacts.isPending}
            emptyText="No overlaps in this span"
            initialSort={{ key: 'entry', direction: 'asc' }}
            exportable
          />
        </ReportCard>
      </>
    );
  },
);
