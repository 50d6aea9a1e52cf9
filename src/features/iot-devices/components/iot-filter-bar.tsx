import type { LastOnlineBucket } from '@contracts/iot';
import { Group } from '@mantine/core';
import { memo } from 'react';
import { SearchableSelect, SearchInput, TreeSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { LAST_ONLINE_OPTIONS } from '../iot-rows';

const ANY = 'any';
const OPTIONS = [{ value: ANY, label: 'Any time' }, ...LAST_ONLINE_OPTIONS];
const isBucket = (value: string | null): value is LastOnlineBucket => LAST_ONLINE_OPTIONS.some((o) => o.value === value);

/** Location, Last Online and search: the IoT Devices page's filters (docs/SCREENS.md 'IoT Devices'). */
export const IotFilterBar = memo(function IotFilterBar(props: {
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
  lastOnline: LastOnlineBucket | null;
  onLastOnline: (bucket: LastOnlineBucket | null) => void;
  search: string;
  onSearch: (search: string) => void;
}) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="IoT device filters">
      <TreeSelect label="Location" nodes={bootstrap.groups} value={props.groupId} onChange={props.onGroup} placeholder="Select a location" />
      <SearchableSelect label="Last Online" data={OPTIONS} value={props.lastOnline ?? ANY} onChange={(value) => props.onLastOnline(isBucket(value) ? value : null)} />
      <SearchInput value={props.search} onChange={props.onSearch} placeholder="Serial number or name" />
    </Group>
  );
});
