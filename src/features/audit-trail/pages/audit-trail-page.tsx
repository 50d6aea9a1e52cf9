import { ACCESS_LOG_TAKE } from '@contracts/privacy';
import { Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PagedDataTable } from '@/components/data-table';
import type { SelectOption } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { displayName } from '@/lib/format';
import { usePageTitle } from '@/lib/page-titles';
import { useSession } from '@/lib/session-context';
import { useViewerClock } from '@/lib/use-viewer-clock';
import { allAuditTrailRows, useAuditTrail } from '../api/get-audit-trail';
import { ACTION_WORDS, auditTrailColumns, shownName } from '../audit-trail-columns';
import { AuditTrailFilters } from '../audit-trail-filters';
import { type AuditTrailAddress, trailFilterOf } from '../audit-trail-search';

const route = getRouteApi('/app/accounts/audit-trail');

/**
 * Audit Trail (docs/SCREENS.md 'Audit Trail', docs/PRIVACY.md 'The audit trail'): who read or
 * wrote what, about whom, when and why, newest first, filtered by the address; paged as it is
 * read, exported whole.
 */
export default function AuditTrailPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = useMemo(() => trailFilterOf(search), [search]);
  const update = (patch: AuditTrailAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });

  const clock = useViewerClock();
  const titleOf = usePageTitle();
  const columns = useMemo(() => auditTrailColumns(clock, titleOf), [clock, titleOf]);

  // Everyone the session knows, and anyone the address names beyond them.
  const people = useMemo<SelectOption[]>(() => {
    const known = bootstrap.users.map((u) => ({ value: String(u.id), label: shownName({ id: u.id, name: displayName(u) }) }));
    const named = [filter.personUserId, filter.actorUserId].filter((id): id is number => id !== undefined && !bootstrap.users.some((u) => u.id === id));
    const others = [...new Set(named)].map((id) => ({ value: String(id), label: `User ${id}` }));
    return [...known, ...others].sort((a, b) => a.label.localeCompare(b.label));
  }, [bootstrap.users, filter.personUserId, filter.actorUserId]);

  const trail = useAuditTrail(filter);

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <AuditTrailFilters filter={filter} people={people} update={update} />
      <Text size="sm" c="dimmed" data-testid="audit-trail-zone">
        Every read of a person&apos;s data and every change, newest first. Times are in {clock.zoneName}; the days filter by UTC days.
      </Text>
      <PagedDataTable
        label="Audit trail"
        columns={columns}
        query={trail}
        take={ACCESS_LOG_TAKE}
        fetchAll={() => allAuditTrailRows(filter)}
        exportFailed="The audit trail could not be exported."
        noun="events"
        rowKey={(r) => r.id}
        rowLabel={(r) => `${ACTION_WORDS[r.action]} by ${shownName(r.actor)}, ${clock.format(r.at)}`}
        emptyText="No events match these filters."
      />
    </Stack>
  );
}
