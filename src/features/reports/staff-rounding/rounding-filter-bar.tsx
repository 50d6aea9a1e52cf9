import { Group } from '@mantine/core';
import { memo } from 'react';
import { DateRangePicker, TreeMultiSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import type { FilterPatch, FilterState } from '../filters/filter-state';

/**
 * Staff Rounding's filters (docs/SCREENS.md 'Staff Rounding': organizationIds, groupIds, startDate, endDate): the locations
 * whose beds count, the organizations whose staff count, and the range. Each change rewrites the
 * address.
 */
export const RoundingFilterBar = memo(function RoundingFilterBar({ filters, update }: { filters: FilterState; update: (patch: FilterPatch) => void }) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="lg" role="search" aria-label="Report filters">
      {bootstrap.organizations.length > 0 && (
        <TreeMultiSelect label="Organizations" nodes={bootstrap.organizations} value={filters.organizationIds} onChange={(ids) => update({ organizationIds: ids })} />
      )}
      <TreeMultiSelect label="Locations" nodes={bootstrap.groups} value={filters.groupIds} onChange={(ids) => update({ groupIds: ids })} />
      <DateRangePicker start={filters.startDate} end={filters.endDate} onApply={(startDate, endDate) => update({ dates: { startDate, endDate } })} />
    </Group>
  );
});
