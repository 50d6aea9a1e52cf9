import { Button, Group, Stack, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { DateRangePicker, SearchableSelect, TreeMultiSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import type { FilterPatch, FilterState, View } from '../filters/filter-state';

const ALL_PROFESSIONS = 'ALL';

/** Whether the user may switch between the organization and the location view (docs/SCREENS.md 'Shared filter state'). */
export function canSwitchView(user: { managedOrganizationIds: readonly number[]; managedGroupIds: readonly number[] }): boolean {
  return user.managedOrganizationIds.length > 0 && user.managedGroupIds.length > 0;
}

const VIEWS: { value: View; label: string }[] = [
  { value: 'org', label: 'Organization' },
  { value: 'loc', label: 'Location' },
];

/**
 * The common report filters: view (organization or location), the view's selection and the other
 * dimension's filter, profession, and the date range. Each change rewrites the address. Memoized:
 * report answers arriving re-render the page's sections, not its filters.
 */
export const ReportFilterBar = memo(function ReportFilterBar({
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
          {/* Two toggle buttons rather than a sliding segmented control, which measures itself
              (a forced layout of the whole page) as the page first renders. */}
          <Button.Group aria-labelledby="view-by-label">
            {VIEWS.map(({ value, label }) => (
              <Button
                key={value}
                variant={filters.view === value ? 'filled' : 'default'}
                aria-pressed={filters.view === value}
                onClick={() => filters.view !== value && update({ view: value })}
              >
                {label}
              </Button>
            ))}
          </Button.Group>
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
});
