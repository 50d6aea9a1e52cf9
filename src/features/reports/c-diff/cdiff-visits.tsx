import type { cdiffVisitSchema } from '@contracts/reports/cdiff';
import type { z } from 'zod';
import { Button, Text, ThemeIcon } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { formatDateTimeIn } from '@/lib/format';
import { type CdiffVisitsFilter, cdiffVisitsOptions } from './api/cdiff';
import type { FilterState } from '../filters/filter-state';
import { PersonRowMenu } from '../shared/links/person-row-menu';
import { LoadMore, PagedListError } from './paged-list';
import { ReportCard } from '../shared/report-card';

type Visit = z.infer<typeof cdiffVisitSchema>;

const nameOf = (v: Visit) => `${v.user.firstName} ${v.user.lastName}`.trim() || `User ${v.user.id}`;

/** A tick for a soap-compliant exit, 'No' otherwise (a dash would read as unknown). */
function SoapTick({ compliant }: { compliant: boolean }) {
  return compliant ? (
    <ThemeIcon color="green" variant="light" size="sm" radius="xl" role="img" aria-label="Yes">
      <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden>
        <path d="M2 6.5 5 9.5 10 3" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ThemeIcon>
  ) : (
    <Text span size="sm" c="dimmed">
      No
    </Text>
  );
}

/** One room's visits, newest first, 15 at a time, their times on the room's location's clock (`timeZone`), with a way back to the rooms. */
export function CdiffVisits({
  room,
  timeZone,
  filter,
  filters,
  onBack,
}: {
  room: { name: string };
  timeZone: string;
  filter: CdiffVisitsFilter;
  filters: FilterState;
  onBack: () => void;
}) {
  const visits = useInfiniteQuery(cdiffVisitsOptions(filter));
  const rows = useMemo(() => visits.data?.pages.flatMap((page) => page.data) ?? [], [visits.data]);
  const total = visits.data?.pages.at(-1)?.totalCount ?? 0;
  const columns: DataColumn<Visit>[] = [
    { key: 'name', header: 'Name', value: nameOf },
    { key: 'entry', header: 'Entry Time', value: (v) => v.visit.entryTimestamp, render: (v) => formatDateTimeIn(v.visit.entryTimestamp, timeZone) },
    { key: 'exit', header: 'Exit Time', value: (v) => v.visit.exitTimestamp, render: (v) => formatDateTimeIn(v.visit.exitTimestamp, timeZone) },
    {
      key: 'soap',
      header: 'Soap Compliant',
      value: (v) => (v.visit.soapCompliant ? 'Yes' : 'No'),
      render: (v) => <SoapTick compliant={v.visit.soapCompliant} />,
      align: 'center',
    },
    { key: 'next', header: 'Next Room Visited', value: (v) => v.nextBeacon?.name ?? null, fold: true },
    {
      key: 'menu',
      header: 'Actions',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (v) => (
        <PersonRowMenu
          person={{ id: v.user.id, name: nameOf(v), organizationId: v.user.organizationId }}
          filters={filters}
          targets={['compliance', 'staff-rounding']}
        />
      ),
    },
  ];
  const failed = visits.error && visits.data === undefined ? visits.error : null;
  return (
    <>
      <OfflineStamp updatedAt={visits.dataUpdatedAt} hasData={visits.data !== undefined} />
      <ReportCard
        title={`Visits to ${room.name}`}
        loading={visits.isFetching && !visits.isFetchingNextPage && visits.data !== undefined}
        actions={
          <Button variant="default" mih={44} onClick={onBack}>
            Back to rooms
          </Button>
        }
      >
        {failed ? (
          <PagedListError error={failed} what="This room's visits" onRetry={() => void visits.refetch()} />
        ) : (
          <>
            <DataTable
              label={`Visits to ${room.name}`}
              columns={columns}
              rows={rows}
              rowKey={(v) => v.visit.id}
              rowLabel={nameOf}
              pageSize={Math.max(rows.length, 1)}
              loading={visits.isPending}
              emptyText="No visits to this room in the range"
              exportable
            />
            <LoadMore
              loaded={rows.length}
              total={total}
              noun="visits"
              hasMore={visits.hasNextPage}
              loading={visits.isFetchingNextPage}
              failed={visits.isFetchNextPageError}
              onLoadMore={() => void visits.fetchNextPage()}
            />
          </>
        )}
      </ReportCard>
    </>
  );
}
