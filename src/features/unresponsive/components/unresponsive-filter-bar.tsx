import { Group } from '@mantine/core';
import { DEVICE_TYPES, type DeviceType } from '@contracts/devices';
import { DateRangePicker, SearchableSelect, SearchInput, TreeMultiSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { DEVICE_TYPE_LABELS, type UnresponsiveFilters } from '../unresponsive-filters';
import type { UnresponsiveAddress } from '../unresponsive-search';

const ALL_TYPES = 'ALL';
const TYPE_OPTIONS = [
  { value: ALL_TYPES, label: 'All types' },
  ...(['BEACON', 'DISPENSER', 'GATEWAY', 'WRISTBAND', 'BADGE', 'TABLET'] as const satisfies readonly DeviceType[]).map((type) => ({
    value: type,
    label: DEVICE_TYPE_LABELS[type],
  })),
];
const isDeviceType = (value: string | null): value is DeviceType => (DEVICE_TYPES as readonly string[]).includes(value ?? '');

/**
 * Locations (multi), device type, date range and search: the page's filters (docs/SCREENS.md
 * 'Unresponsive Devices'), each written to the address. No location chosen shows every location
 * ticked: the list covers them all.
 */
export function UnresponsiveFilterBar({
  filters,
  allGroupIds,
  update,
}: {
  filters: UnresponsiveFilters;
  allGroupIds: readonly number[];
  update: (patch: UnresponsiveAddress) => void;
}) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="Unresponsive device filters">
      <TreeMultiSelect
        label="Locations"
        nodes={bootstrap.groups}
        value={filters.groupIds.length > 0 ? filters.groupIds : allGroupIds}
        onChange={(groupIds) => update({ groupIds })}
      />
      <SearchableSelect
        label="Device type"
        data={TYPE_OPTIONS}
        value={filters.deviceType ?? ALL_TYPES}
        onChange={(value) => update({ deviceType: isDeviceType(value) ? value : undefined })}
      />
      <DateRangePicker
        label="Not heard during"
        start={filters.startDate}
        end={filters.endDate}
        onApply={(startDate, endDate) => update({ startDate, endDate })}
      />
      <SearchInput value={filters.search} onChange={(search) => update({ search: search || undefined })} placeholder="Name or MAC" />
    </Group>
  );
}
