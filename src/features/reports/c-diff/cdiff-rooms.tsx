import { CDIFF_FIGURES, type cdiffRoomSchema } from '@contracts/reports/cdiff';
import type { z } from 'zod';
import { Button, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { formatDateTime } from '@/lib/format';
import { type CdiffRoomsFilter, cdiffRoomsOptions } from './api/cdiff';
import { LoadMore, PagedListError } from './paged-list';
import { ReportCard } from '../shared/report-card';

export type CdiffRoom = z.infer<typeof cdiffRoomSchema>;

/** A share as a whole percent; '—' without visits. */
export function percentOf(ratio: number | null): string {
  return ratio === null ? '—' : `${Math.round(ratio * 100)}%`;
}

/** The C. diff rooms of the filters, 15 at a time; Details (or a click on the row) opens a room's visits. */
export function CdiffRooms({ filter, onOpen }: { filter: CdiffRoomsFilter; onOpen: (room: CdiffRoom) => void }) {
  const rooms = useInfiniteQuery(cdiffRoomsOptions(filter));
  const rows = useMemo(() => rooms.data?.pages.flatMap((page) => page.data) ?? [], [rooms.data]);
  const total = rooms.data?.pages.at(-1)?.totalCount ?? 0;
  const columns: DataColumn<CdiffRoom>[] = [
    { key: 'name', header: 'Room', value: (r) => r.name },
    { key: 'compliant', header: 'Compliant Visits', value: (r) => r.compliantVisits, align: 'right' },
    { key: 'total', header: 'Total Visits', value: (r) => r.totalVisits, align: 'right' },
    {
      key: 'soap',
      header: 'Soap Compliance',
      value: (r) => (r.soapCompliance === null ? null : Math.round(r.soapCompliance * 100)),
      render: (r) => percentOf(r.soapCompliance),
      exportUnit: '%',
      align: 'right',
    },
    {
      key: 'details',
      header: 'Details',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => (
        <Button variant="subtle" mih={44} aria-label={`Details of ${r.name}`} onClick={() => onOpen(r)}>
          Details
        </Button>
      ),
    },
  ];
  const failed = rooms.error && rooms.data === undefined ? rooms.error : null;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs" data-testid="cdiff-status">
        {rooms.data ? `Status as of ${formatDateTime(rooms.dataUpdatedAt)}` : '\u00a0'}
      </Text>
      <OfflineStamp updatedAt={rooms.dataUpdatedAt} hasData={rooms.data !== undefined} />
      <ReportCard title="C. diff rooms" loading={rooms.isFetching && !rooms.isFetchingNextPage && rooms.data !== undefined}>
        {failed ? (
          <PagedListError error={failed} what="The C. diff rooms" onRetry={() => void rooms.refetch()} />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs" data-testid="cdiff-figures">
              {CDIFF_FIGURES.compliantVisits} {CDIFF_FIGURES.soapCompliance}
            </Text>
            <DataTable
              label="C. diff rooms"
              columns={columns}
              rows={rows}
              rowKey={(r) => r.zoneId}
              rowLabel={(r) => r.name}
              // Every room loaded shows; more come with Load more, 15 at a time.
              pageSize={Math.max(rows.length, 1)}
              loading={rooms.isPending}
              emptyText="No C. diff rooms in these locations"
              exportable
              onRowClick={onOpen}
            />
            <LoadMore
              loaded={rows.length}
              total={total}
              noun="rooms"
              hasMore={rooms.hasNextPage}
              loading={rooms.isFetchingNextPage}
              failed={rooms.isFetchNextPageError}
              onLoadMore={() => void rooms.fetchNextPage()}
            />
          </>
        )}
      </ReportCard>
    </>
  );
}
