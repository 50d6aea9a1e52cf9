import type { PageEntry } from '../filters/filter-state';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { descendantIds, SearchInput, SingleDatePicker, TreeMultiSelect } from '@/components/filters';
import { PurposeGate } from '../shared/purpose-gate';
import { PageHeader } from '@/components/page-header';
import { displayName } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { ReportCard } from '../shared/report-card';
import { type ContactsQuery, ContactsSection } from './contacts-section';
import { type ExposureQuery, ExposureSection, PeriodSlider, SMALLEST_PERIOD_MS } from './exposure-section';
import { EXPOSURE_PAGE_SIZE, exposureRange, matchingStaff, PERIOD_MINUTES, personOfSearch, type StaffMember, staffOf } from './tracing';
import { type FilterState, shiftDay, type TracingMode } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { type ReportPerson, useReportPerson } from '../shared/links/person-links';
import { useProfessionName } from '../shared/use-profession-name';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The user whose exposure details are open on the Contact Tracing page's Exposure view. */
    exposureUser?: ReportPerson;
  }
}

const PATH = '/app/reports/contact-tracing';

const MODES: { value: TracingMode; label: string }[] = [
  { value: 'contacts', label: 'Contact Tracing' },
  { value: 'exposure', label: 'Exposure' },
];

/**
 * Contact Tracing: one person's contacts on a day (from 24 hours before it), or, in the Exposure
 * view, everyone whose exposure to other staff reaches a period over the week ending on the day.
 */
export default function ContactTracingPage({ entry }: { entry: PageEntry }) {
  const { bootstrap } = useSession();
  const { filters, update, linkTo } = useReportFilters(PATH);
  const navigate = useNavigate();
  const router = useRouter();
  const fromLink = useReportPerson();
  const exposureUser = useLocation({ select: (location) => location.state.exposureUser });
  const [minutes, setMinutes] = useState<number>(PERIOD_MINUTES.default);

  const staff = useMemo(() => {
    // Each chosen organization with everything under it, as the reports count it.
    const organizations = new Set(filters.organizationIds.flatMap((id) => [id, ...descendantIds(bootstrap.organizations, id)]));
    return staffOf(bootstrap.users, organizations, (u) => (displayName(u) === 'User' ? `User ${u.id}` : displayName(u)));
  }, [bootstrap.users, bootstrap.organizations, filters.organizationIds]);
  const found = useMemo(() => personOfSearch(staff, filters.search), [staff, filters.search]);
  // The person chosen (here or on another report's row), else the one the search names.
  const traced = useMemo<ReportPerson | undefined>(
    () => fromLink ?? (found ? { id: found.id, name: found.name, organizationId: found.organizationId } : undefined),
    [fromLink, found],
  );

  const exposure = filters.mode === 'exposure';
  const range = useMemo(() => (exposure ? exposureRange(filters.date) : { startDate: filters.date, endDate: filters.date }), [exposure, filters.date]);
  // Row menus open the other reports over the traced span: the day before the first one to the last.
  const linkFilters = useMemo<FilterState>(
    () => ({ ...filters, startDate: shiftDay(range.startDate, -1), endDate: range.endDate }),
    [filters, range],
  );

  const trace = useCallback(
    (person: StaffMember) =>
      void navigate({
        ...linkTo(PATH, { search: person.name }),
        state: { reportPerson: { id: person.id, name: person.name, organizationId: person.organizationId } },
      }),
    [navigate, linkTo],
  );
  const openDetails = useCallback((person: ReportPerson) => void navigate({ to: PATH, search: true, state: { exposureUser: person } }), [navigate]);

  const contactsQuery = useMemo<ContactsQuery | undefined>(() => {
    const person = exposure ? exposureUser : traced;
    return person && { organizationIds: filters.organizationIds, ...range, userId: person.id };
  }, [exposure, exposureUser, traced, filters.organizationIds, range]);
  const exposureQuery = useMemo<ExposureQuery>(
    () => ({ organizationIds: filters.organizationIds, ...range, periodMs: SMALLEST_PERIOD_MS }),
    [filters.organizationIds, range],
  );

  const changePerson = useMemo(
    () => (
      <Button variant="default" mih={44} onClick={() => update({ search: '' })}>
        Change person
      </Button>
    ),
    [update],
  );
  const back = useMemo(
    () => (
      <Button variant="default" mih={44} onClick={() => router.history.back()}>
        Back
      </Button>
    ),
    [router],
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} id="tracing-mode-label">
          Report
        </Text>
        <Button.Group aria-labelledby="tracing-mode-label">
          {MODES.map(({ value, label }) => (
            <Button
              key={value}
              mih={44}
              variant={filters.mode === value ? 'filled' : 'default'}
              aria-pressed={filters.mode === value}
              onClick={() => filters.mode !== value && update({ mode: value })}
            >
              {label}
            </Button>
          ))}
        </Button.Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Contact tracing filters">
        <TreeMultiSelect label="Organizations" nodes={bootstrap.organizations} value={filters.organizationIds} onChange={(ids) => update({ organizationIds: ids })} />
        {!exposure && <SearchInput label="Search staff" value={filters.search} onChange={(search) => update({ search })} placeholder="Name or employee ID" />}
        <SingleDatePicker label={exposure ? 'Week ending' : 'Day'} value={filters.date} onChange={(date) => update({ date })} />
      </Group>
      {exposure ? (
        exposureUser && contactsQuery ? (
          <PurposeGate person={exposureUser}>
            <ContactsSection query={contactsQuery} person={exposureUser} filters={linkFilters} actions={back} />
          </PurposeGate>
        ) : (
          <>
            <PeriodSlider minutes={minutes} onChange={setMinutes} />
            <ExposureSection query={exposureQuery} minutes={minutes} filters={linkFilters} open={openDetails} />
          </>
        )
      ) : traced && contactsQuery ? (
        <PurposeGate person={traced}>
          <ContactsSection query={contactsQuery} person={traced} filters={linkFilters} actions={changePerson} />
        </PurposeGate>
      ) : (
        <StaffPicker staff={staff} search={filters.search} onPick={trace} />
      )}
    </Stack>
  );
}

/** The staff the search leaves, to choose the person to trace. Drawn from the session, so it works offline. */
function StaffPicker({ staff, search, onPick }: { staff: readonly StaffMember[]; search: string; onPick: (person: StaffMember) => void }) {
  const { bootstrap } = useSession();
  const professionName = useProfessionName();
  const rows = useMemo(() => matchingStaff(staff, search), [staff, search]);
  const columns = useMemo<DataColumn<StaffMember>[]>(() => {
    const organizationName = new Map(bootstrap.organizations.map((o) => [o.id, o.name]));
    return [
      { key: 'name', header: 'Name', value: (r) => r.name },
      { key: 'profession', header: 'Profession', value: (r) => professionName(r.professionId), fold: true },
      { key: 'employeeId', header: 'Employee ID', value: (r) => r.employeeId },
      { key: 'organization', header: 'Organization', value: (r) => organizationName.get(r.organizationId) ?? null, fold: true },
    ];
  }, [bootstrap.organizations, professionName]);
  return (
    <ReportCard title="Choose a person to trace">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Search, then choose a person: their contacts are everyone they shared a room with for more than 30 seconds (and less than 2 hours) from 24 hours
          before the day to its end.
        </Text>
        <DataTable
          label="Staff"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowLabel={(r) => r.name}
          pageSize={EXPOSURE_PAGE_SIZE}
          emptyText={search ? 'No staff match this search' : 'No staff in the chosen organizations'}
          onRowClick={onPick}
        />
      </Stack>
    </ReportCard>
  );
}
