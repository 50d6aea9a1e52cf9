import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { roundingEndpoints, type RoundingBedRow, type RoundingUserRow } from '@contracts/reports/rounding';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { useSession } from '@/lib/session-context';
import { formatMinutesSeconds } from '@/lib/units';
import { reportQueryOptions } from '../api/report-query';
import { ReportCard } from '../components/report-card';
import { reportSection } from '../components/report-section';
import type { RoundingListQuery } from './rounding-query';
import type { RoundingSubject } from './use-rounding-details';
import { personColumns, usePersonNames } from '../person-columns';

/** Rounding lists page by 15 (02 §9). */
export const ROUNDING_LIST_PAGE_SIZE = 15;

interface ListProps {
  query: RoundingListQuery;
  toolbar: ReactNode;
  onDetails: (subject: RoundingSubject) => void;
}

/** A column of seconds: minutes and seconds on screen, plain seconds in the CSV. */
function duration<T>(key: string, header: string, seconds: (row: T) => number, fold = false): DataColumn<T> {
  return { key, header, value: seconds, render: (r) => formatMinutesSeconds(seconds(r)), exportUnit: 's', align: 'right', fold };
}

/** The Details button of a row: 44 px, named after the row. */
function DetailsButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="light" size="sm" mih={44} aria-label={`Details of ${name}`} onClick={onClick}>
      Details
    </Button>
  );
}

/** The user tab: each member of staff's bed visits over the range. */
export const UserListSection = reportSection(
  'RoundingUserList',
  { users: ({ query }: ListProps) => reportQueryOptions(roundingEndpoints.users, query) },
  function UserListBody({ users, toolbar, onDetails }) {
    const names = usePersonNames();
    const open = (r: RoundingUserRow) => onDetails({ kind: 'user', id: r.id, name: r.name });
    const columns: DataColumn<RoundingUserRow>[] = [
      ...personColumns<RoundingUserRow>(names, { name: (r) => r.name, profession: (r) => r.profession, organizationId: (r) => r.organizationId }),
      duration('avg', 'Avg Visit', (r) => r.avgDuration),
      duration('total', 'Total Time', (r) => r.totalDuration, true),
      { key: 'beds', header: 'Beds Visited', value: (r) => r.uniqueBedsVisited, align: 'right', fold: true },
      { key: 'visits', header: 'Bed Visits', value: (r) => r.totalBedVisits, align: 'right' },
      { key: 'details', header: 'Details', value: () => null, sortable: false, exportable: false, pin: 'end', render: (r) => <DetailsButton name={r.name} onClick={() => open(r)} /> },
    ];
    return (
      <>
        <OfflineStamp updatedAt={users.dataUpdatedAt} hasData={users.data !== undefined} />
        <ReportCard title="Staff" loading={users.isFetching && users.data !== undefined} error={users.data ? null : users.error}>
          <DataTable
            label="Staff rounding by user"
            columns={columns}
            rows={users.data ?? []}
            rowKey={(r) => r.id}
            rowLabel={(r) => r.name}
            pageSize={ROUNDING_LIST_PAGE_SIZE}
            loading={users.isPending}
            emptyText="No bed visits in this range"
            initialSort={{ key: 'visits', direction: 'desc' }}
            exportable
            toolbar={toolbar}
            onRowClick={open}
          />
        </ReportCard>
      </>
    );
  },
);

/** The bed tab: each bed's visits by staff over the range. */
export const BedListSection = reportSection(
  'RoundingBedList',
  { beds: ({ query }: ListProps) => reportQueryOptions(roundingEndpoints.beds, query) },
  function BedListBody({ beds, toolbar, onDetails }) {
    const { bootstrap } = useSession();
    const groupName = new Map(bootstrap.groups.map((g) => [g.id, g.name]));
    const open = (r: RoundingBedRow) => onDetails({ kind: 'bed', id: r.beaconId, name: r.name, groupId: r.groupId });
    const columns: DataColumn<RoundingBedRow>[] = [
      { key: 'name', header: 'Bed', value: (r) => r.name },
      { key: 'location', header: 'Location', value: (r) => groupName.get(r.groupId) ?? null, fold: true },
      duration('avg', 'Avg Visit', (r) => r.avgDuration),
      duration('total', 'Total Time', (r) => r.totalDuration, true),
      { key: 'staff', header: 'Staff', value: (r) => r.uniqueStaffVisits, align: 'right', fold: true },
      { key: 'visits', header: 'Staff Visits', value: (r) => r.totalStaffVisits, align: 'right' },
      { key: 'details', header: 'Details', value: () => null, sortable: false, exportable: false, pin: 'end', render: (r) => <DetailsButton name={r.name} onClick={() => open(r)} /> },
    ];
    return (
      <>
        <OfflineStamp updatedAt={beds.dataUpdatedAt} hasData={beds.data !== undefined} />
        <ReportCard title="Beds" loading={beds.isFetching && beds.data !== undefined} error={beds.data ? null : beds.error}>
          <DataTable
            label="Staff rounding by bed"
            columns={columns}
            rows={beds.data ?? []}
            rowKey={(r) => r.beaconId}
            rowLabel={(r) => r.name}
            pageSize={ROUNDING_LIST_PAGE_SIZE}
            loading={beds.isPending}
            emptyText="No bed visits in this range"
            initialSort={{ key: 'visits', direction: 'desc' }}
            exportable
            toolbar={toolbar}
            onRowClick={open}
          />
        </ReportCard>
      </>
    );
  },
);
