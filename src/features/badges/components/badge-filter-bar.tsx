import { Group } from '@mantine/core';
import { SearchableSelect, SearchInput, TreeSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { BADGE_STATUSES, type BadgeStatus } from '../badge-rows';
import type { BadgeFilters } from '../use-badge-filters';

const STATUS_LABELS: Record<BadgeStatus, string> = { all: 'All', assigned: 'Assigned', unassigned: 'Unassigned' };
const STATUS_OPTIONS = BADGE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** Location, status and search: the badge pages' filters. */
export function BadgeFilterBar({ filters, update }: { filters: BadgeFilters; update: (patch: Partial<BadgeFilters>) => void }) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Badge filters">
      <TreeSelect label="Location" nodes={bootstrap.groups} value={filters.groupId} onChange={(groupId) => update({ groupId })} placeholder="All locations" />
      <SearchableSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => update({ status: (value as BadgeStatus | null) ?? 'all' })}
      />
      <SearchInput value={filters.search} onChange={(search) => update({ search })} placeholder="MAC, code or user" />
    </Group>
  );
}
