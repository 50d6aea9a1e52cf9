import type { PageEntry } from '../filters/filter-state';
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { SearchInput } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import type { RoundingTab } from '../filters/filter-state';
import { ReportClock } from '../shared/report-clock';
import { useReportFilters } from '../filters/use-report-filters';
import { useReportPerson } from '../shared/links/person-links';
import { BedDetailsSection, UserDetailsSection } from './rounding-details';
import { RoundingFilterBar } from './rounding-filter-bar';
import { BedListSection, UserListSection } from './rounding-lists';
import { roundingListQuery, sharedTimeZone } from './rounding-query';
import { PurposeGate } from '../shared/purpose-gate';
import { detailsResetKey, type RoundingSubject, useRoundingDetails } from './use-rounding-details';

const PATH = '/app/reports/staff-rounding';

const TABS: { value: RoundingTab; label: string }[] = [
  { value: 'user', label: 'Users' },
  { value: 'bed', label: 'Beds' },
];

/**
 * Staff Rounding Report: time staff spend at beds, listed by user or by bed; a row's Details show
 * its visits and hourly stats, and Back returns to the list.
 */
export default function StaffRoundingPage({ entry }: { entry: PageEntry }) {
  const { bootstrap } = useSession();
  const { filters, update } = useReportFilters(PATH);
  const navigate = useNavigate();
  const person = useReportPerson();
  const { subject, open, close } = useRoundingDetails(detailsResetKey(filters), person);
  const query = useMemo(() => roundingListQuery(filters), [filters]);
  const timeZone = useMemo(() => sharedTimeZone(filters.groupIds, bootstrap.groups), [filters.groupIds, bootstrap.groups]);

  const back = useCallback(() => {
    close();
    // The row menu's person stays in this history entry; without it a reload opens the list.
    if (person) void navigate({ to: PATH, search: true, replace: true });
  }, [close, navigate, person]);
  const toolbar = useMemo(
    () => (
      <SearchInput
        label={filters.tab === 'user' ? 'Search users' : 'Search beds'}
        value={filters.search}
        onChange={(search) => update({ search })}
        placeholder="Name"
      />
    ),
    [filters.tab, filters.search, update],
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <RoundingFilterBar filters={filters} update={update} />
      <ReportClock timeZone={timeZone} />
      {subject ? (
        <DetailsView subject={subject} filters={filters} timeZone={subject.kind === 'bed' ? (bootstrap.groups.find((g) => g.id === subject.groupId)?.timeZone ?? null) : timeZone} onBack={back} />
      ) : (
        <Tabs value={filters.tab} onChange={(tab) => tab && tab !== filters.tab && update({ tab: tab as RoundingTab })} keepMounted={false}>
          <Tabs.List mb="md" aria-label="Staff rounding by">
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} mih={44}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="user">
            <UserListSection query={query} toolbar={toolbar} onDetails={open} />
          </Tabs.Panel>
          <Tabs.Panel value="bed">
            <BedListSection query={query} toolbar={toolbar} onDetails={open} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function DetailsView({
  subject,
  filters,
  timeZone,
  onBack,
}: {
  subject: RoundingSubject;
  filters: { groupIds: number[]; startDate: string; endDate: string };
  timeZone: string | null;
  onBack: () => void;
}) {
  const { groupIds, startDate, endDate } = filters;
  const userQuery = useMemo(() => ({ userId: subject.id, groupIds, startDate, endDate }), [subject.id, groupIds, startDate, endDate]);
  const bedQuery = useMemo(() => ({ beaconId: subject.id, startDate, endDate }), [subject.id, startDate, endDate]);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <Button variant="default" mih={44} onClick={onBack} aria-label={subject.kind === 'user' ? 'Back to the users' : 'Back to the beds'}>
          Back
        </Button>
        <div>
          <Title order={2} size="h3" data-testid="rounding-details-name">
            {subject.name}
          </Title>
          <Text size="sm" c="dimmed">
            {subject.kind === 'user' ? 'Bed visits and hourly stats' : 'Staff visits and hourly stats'}
          </Text>
        </div>
      </Group>
      {subject.kind === 'user' ? (
        <PurposeGate person={subject}>
          <UserDetailsSection query={userQuery} name={subject.name} timeZone={timeZone} />
        </PurposeGate>
      ) : (
        <BedDetailsSection query={bedQuery} name={subject.name} timeZone={timeZone} />
      )}
    </Stack>
  );
}
