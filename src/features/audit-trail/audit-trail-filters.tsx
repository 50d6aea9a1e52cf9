import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { DateRangePicker, SearchableSelect, type SelectOption } from '@/components/filters';
import type { AuditAction, AuditTrailAddress, AuditTrailFilter } from './audit-trail-search';

const ACTIONS: { value: AuditAction | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Write' },
];

/**
 * The trail's filters (docs/PRIVACY.md 'The audit trail'): whose data, who did it, read or write,
 * and a range of UTC days; Reset clears them all. Each change is written to the address.
 */
export function AuditTrailFilters({
  filter,
  people,
  update,
}: {
  /** The filters the list is asked for (the address's, as the page reads it). */
  filter: AuditTrailFilter;
  /** The people both selects offer. */
  people: SelectOption[];
  update: (patch: AuditTrailAddress) => void;
}) {
  const actionLabel = useId();
  const filtered = Object.keys(filter).length > 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Audit trail filters">
      <SearchableSelect
        label="Person"
        placeholder="Anyone"
        data={people}
        value={filter.personUserId === undefined ? null : String(filter.personUserId)}
        onChange={(value) => update({ personUserId: value ?? undefined })}
        clearable
      />
      <SearchableSelect
        label="Actor"
        placeholder="Anyone"
        data={people}
        value={filter.actorUserId === undefined ? null : String(filter.actorUserId)}
        onChange={(value) => update({ actorUserId: value ?? undefined })}
        clearable
      />
      <Stack gap={4} role="group" aria-labelledby={actionLabel}>
        <Text id={actionLabel} size="md" fw={500}>
          Action
        </Text>
        <SegmentedControl
          aria-labelledby={actionLabel}
          data={ACTIONS}
          value={filter.action ?? 'all'}
          onChange={(value) => update({ action: value === 'all' ? undefined : (value as AuditAction) })}
          size="md"
        />
      </Stack>
      <DateRangePicker
        label="Days (UTC)"
        start={filter.startDate ?? null}
        end={filter.endDate ?? null}
        emptyText="All days"
        onApply={(startDate, endDate) => update({ startDate, endDate })}
      />
      <Button
        variant="subtle"
        mih={44}
        disabled={!filtered}
        onClick={() => update({ personUserId: undefined, actorUserId: undefined, action: undefined, startDate: undefined, endDate: undefined })}
      >
        Reset filters
      </Button>
    </Group>
  );
}
