import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { DateRangePicker, SearchableSelect, TreeMultiSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import type { FilterPatch, FilterState, View } from '../filters/filter-state';

const ALL_PROFESSIONS = 'ALL';

/** Whether the user may switch between the organization and the location view (01 §6). */
export function canSwitchView(user: { managedOrganizationIds: readonly number[]; managedGroupIds: readonly number[] }): boolean {
  return user.managedOrganizationIds.length > 0 && user.managedGroupIds.length > 0;
}

/**
 * The common report filters: view (organization or location), the view's selection and the other
 * dimension's filter, profession, and the date range. Each change rewrites the address.
 */
export function ReportFilterBar({
  filters,
  update,
  withProfession = true,
}: {
  filters: FilterState;
  update: (patch: FilterPatch) => void;
  withProfession?: boolean;
}) {
  const { user, bootstrap } = useSession();
  const organizations = bootstrap.organizations;
  const groups = bootstrap.groups;
  const professions = useMemo(
    () => [
      { value: ALL_PROFESSIONS, label: 'All professions' },
      ...[...new Map(bootstrap.enums.professions.map((p) => [p.professionId, p.name])).entries()].map(([value, label]) => ({ value, label })),
    ],
    [bootstrap.enums.professions],
  );
  const org = filters.view === 'org';
  return (
    <Stack gap="sm" mb="lg" role="search" aria-label="Report filters">
      {canSwitchView(user) && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={500} id="view-by-label">
            View by
          </Text>
          <SegmentedControl
            aria-labelledby="view-by-label"
            value={filters.view}
            onChange={(value) => update({ view: value as View })}
            data={[
              { value: 'org', label: 'Organization' },
              { value: 'loc', label: 'Location' },
            ]}
          />
        </Group>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        {org ? (
          <TreeMultiSelect label="Organizations" nodes={organizations} value={filters.organizationIds} onChange={(ids) => update({ organizationIds: ids })} />
        ) : (
          <TreeMultiSelect label="Locations" nodes={groups} value={filters.groupIds} onChange={(ids) => update({ groupIds: ids })} />
        )}
        {org ? (
          <TreeMultiSelect
            label="Filter by location"
            placeholder="All locations"
            nodes={groups}
            value={filters.groupIdFilters}
            onChange={(ids) => update({ groupIdFilters: ids })}
          />
        ) : (
          <TreeMultiSelect
            label="Filter by organization"
            placeholder="All organizations"
            nodes={organizations}
            value={filters.organizationIdFilters}
            onChange={(ids) => update({ organizationIdFilters: ids })}
          />
        )}
        {withProfession && (
          <SearchableSelect
            label="Profession"
            data={professions}
            value={filters.professionId ?? ALL_PROFESSIONS}
            onChange={(value) => update({ professionId: value === ALL_PROFESSIONS ? null : value })}
          />
        )}
        <DateRangePicker start={filters.startDate} end={filters.endDate} onApply={(startDate, endDate) => update({ dates: { startDate, endDate } })} />
      </Group>
    </Stack>
  );
}
