import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { roundingEndpoints, type RoundingBedRow, type RoundingUserRow } from '@contracts/reports/rounding';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { useSession } from '@/lib/session-context';
import { formatMinutesSeconds } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import type { RoundingListQuery } from './rounding-query';
import type { RoundingSubject } from './use-rounding-details';
import { personColumns, usePersonNames } from '../shared/person-columns';

/** Rounding lists page by 15. */
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
    <Button variant="light" size="sm" mih={44} px="xs" aria-label={`Details of ${name}`} onClick={onClick}>
      Details
    </Button>
  );
}

/** A rounding list's answer, as its section hands it over. */
interface ListAnswer<T> {
  data: T[] | undefined;
  dataUpdatedAt: number;
  isFetching: boolean;
  isPending: boolean;
  error: Error | null;
}

/** What the user and bed lists share: the visit columns, the Details button, the card and the table. */
function RoundingList<T extends { name: string; avgDuration: number; totalDuration: number }>({
  answer,
  title,
  label,
  leading,
  counts,
  rowKey,
  open,
  toolbar,
}: {
  answer: ListAnswer<T>;
  title: string;
  label: string;
  /** The columns naming the row. */
  leading: DataColumn<T>[];
  /** The count columns: distinct visitors or beds (folds on narrow screens), and visits. */
  counts: [DataColumn<T>, DataColumn<T>];
  rowKey: (row: T) => number;
  open: (row: T) => void;
  toolbar: ReactNode;
}) {
  const columns: DataColumn<T>[] = [
    ...leading,
    // The visits count is what the list is sorted by and for: on tablets and phones the durations fold into the row's details.
    duration<T>('avg', 'Avg Visit', (r) => r.avgDuration, true),
    duration<T>('total', 'Total Time', (r) => r.totalDuration, true),
    ...counts,
    { key: 'details', header: 'Details', value: () => null, sortable: false, exportable: false, pin: 'end', render: (r) => <DetailsButton name={r.name} onClick={() => open(r)} /> },
  ];
  return (
    <>
      <OfflineStamp updatedAt={answer.dataUpdatedAt} hasData={answer.data !== undefined} />
      <ReportCard title={title} loading={answer.isFetching && answer.data !== undefined} error={answer.data ? null : answer.error}>
        <DataTable
          label={label}
          columns={columns}
          rows={answer.data ?? []}
          rowKey={rowKey}
          rowLabel={(r) => r.name}
          pageSize={ROUNDING_LIST_PAGE_SIZE}
          loading={answer.isPending}
          emptyText="No bed visits in this range"
          initialSort={{ key: 'visits', direction: 'desc' }}
          exportable
          toolbar={toolbar}
          onRowClick={open}
        />
      </ReportCard>
    </>
  );
}

/** The user tab: each member of staff's bed visits over the range. */
export const UserListSection = reportSection(
  'RoundingUserList',
  { users: ({ query }: ListProps) => reportQueryOptions(roundingEndpoints.users, query) },
  function UserListBody({ users, toolbar, onDetails }) {
    const names = usePersonNames();
    return (
      <RoundingList<RoundingUserRow>
        answer={users}
        title="Staff"
        label="Staff rounding by user"
        leading={personColumns<RoundingUserRow>(names, { name: (r) => r.name, profession: (r) => r.profession, organizationId: (r) => r.organizationId })}
        counts={[
          { key: 'beds', header: 'Beds Visited', value: (r) => r.uniqueBedsVisited, align: 'right', fold: true },
          { key: 'visits', header: 'Bed Visits', value: (r) => r.totalBedVisits, align: 'right' },
        ]}
        rowKey={(r) => r.id}
        open={(r) => onDetails({ kind: 'user', id: r.id, name: r.name })}
        toolbar={toolbar}
      />
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
    return (
      <RoundingList<RoundingBedRow>
        answer={beds}
        title="Beds"
        label="Staff rounding by bed"
        leading={[
          { key: 'name', header: 'Bed', value: (r) => r.name },
          { key: 'location', header: 'Location', value: (r) => groupName.get(r.groupId) ?? null, fold: true },
        ]}
        counts={[
          { key: 'staff', header: 'Staff', value: (r) => r.uniqueStaffVisits, align: 'right', fold: true },
          { key: 'visits', header: 'Staff Visits', value: (r) => r.totalStaffVisits, align: 'right' },
        ]}
        rowKey={(r) => r.beaconId}
        open={(r) => onDetails({ kind: 'bed', id: r.beaconId, name: r.name, groupId: r.groupId })}
        toolbar={toolbar}
      />
    );
  },
);
