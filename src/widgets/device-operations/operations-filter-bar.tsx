import { Group } from '@mantine/core';
import { memo } from 'react';
import { SearchableSelect, SearchInput, TreeSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { STATUS_FILTERS, type StatusFilter } from '@/entities/device-operations/operation-rows';

const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', active: 'Active', inactive: 'Inactive' };
const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** Location, status and search: the operations pages' filters (memoized: live events do not re-render them). */
export const OperationsFilterBar = memo(function OperationsFilterBar(props: {
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  search: string;
  onSearch: (search: string) => void;
  noun: string;
  /** What the search matches ('Name or MAC' unless told). */
  placeholder?: string;
}) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={`${props.noun} filters`}>
      <TreeSelect label="Location" nodes={bootstrap.groups} value={props.groupId} onChange={props.onGroup} placeholder="Select a location" />
      <SearchableSelect label="Status" data={STATUS_OPTIONS} value={props.status} onChange={(value) => props.onStatus((value as StatusFilter | null) ?? 'all')} />
      <SearchInput value={props.search} onChange={props.onSearch} placeholder={props.placeholder ?? 'Name or MAC'} />
    </Group>
  );
});
