import { Group, SegmentedControl } from '@mantine/core';
import { memo } from 'react';
import type { StatusFilter } from '@/entities/device-operations/operation-rows';
import { OperationsFilterBar } from '@/widgets/device-operations/operations-filter-bar';

const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
];

/** The filters and the list/map switch (memoized: live events do not re-render them). */
export const OperationsControls = memo(function OperationsControls(props: {
  plural: string;
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  search: string;
  onSearch: (search: string) => void;
  view: 'list' | 'map';
  onView: (view: string) => void;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <OperationsFilterBar
        noun={props.plural}
        groupId={props.groupId}
        onGroup={props.onGroup}
        status={props.status}
        onStatus={props.onStatus}
        search={props.search}
        onSearch={props.onSearch}
      />
      <SegmentedControl aria-label="View" value={props.view} onChange={props.onView} data={VIEWS} />
    </Group>
  );
});
