import type { PageEntry } from '../filters/filter-state';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '@/components/router-links';
import { useMemo } from 'react';
import { complianceEndpoints, userReportEndpoints } from '@contracts/reports/compliance';
import { SingleDatePicker } from '@/components/filters';
import { ApiError } from '@/lib/api-client';
import { displayName } from '@/lib/format';
import { UserAvatar } from '@/widgets/user-avatar/user-avatar';
import { useSession } from '@/lib/session-context';
import { useUsefulPages } from '@/lib/useful-pages';
import { formatMinutesSeconds, formatSeconds, formatUsage } from '@/lib/units';
import { reportQueryOptions, useReport } from '../shared/api/report-query';
import { ComplianceBadge } from '../shared/compliance-badge';
import { OfflineStamp } from '@/components/offline-stamp';
import { NoData, ReportCard } from '../shared/report-card';
import { FigureCard } from '../shared/figure-card';
import { reportSection, useReportStages } from '../shared/report-section';
import { WearerTrustBadge } from '../shared/trust-badge';
import { usePurposeGate } from '../shared/purpose-gate';
import { StatCard } from '../shared/stat-card';
import type { StatKind } from '../shared/stat-values';
import { TrendChart } from '../shared/trend-chart';
import { DEFINITIONS } from '../shared/definitions';
import { exceedsSixMonths, shiftDay } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { MyOpportunities } from './my-opportunities-section';
import { GroupOnlyNotice, useGroupOnlyPeople } from '../shared/group-only';
import { OwnPastSection } from './own-past-section';

/** Days the user overview covers: the chosen day and the six before it. */
export const USER_OVERVIEW_DAYS = 7;

/**
 * User Overview: the chosen user's (or the signed-in user's) compliance over the 7 days ending on
 * the chosen date: KPI cards, My Compliance trend, breakdowns, on one's own overview their weeks
 * against their own past and why each opportunity of a chosen day counted, and wearable usage.
 */
export default function UserOverviewPage({ entry }: { entry: PageEntry }) {
  const { user: me, bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/user-overview');
  const userId = filters.userId ?? me.id;
  const person = userId === me.id ? me : bootstrap.users.find((u) => u.id === userId);
  const profession = bootstrap.enums.professions.find((p) => p.professionId === person?.professionId)?.name ?? person?.professionId ?? '';
  const showDurations = me.organization.settings.displayDurations;

  // A person of a group-only unit is named to themself and the provider only (docs/PRIVACY.md 'Group-only units').
  const groupOnly = useGroupOnlyPeople().has(userId);
  const name = person && !groupOnly ? displayName(person) : `User ${userId}`;
  // Another person's figures open once a purpose is stated (docs/PRIVACY.md 'A purpose first');
  // someone the caller cannot see is answered 'User not found' without asking why.
  const { allowed: stated, gate } = usePurposeGate(person && !groupOnly ? { id: userId, name } : null);
  const allowed = stated && !groupOnly;
  const week = useMemo<UserWeek>(() => ({ userId, startDate: shiftDay(filters.date, -(USER_OVERVIEW_DAYS - 1)), endDate: filters.date }), [userId, filters.date]);
  // The page asks for the dashboard too, to tell a user out of reach from one with no figures.
  const dashboard = useReport(userReportEndpoints.dashboard, week, { enabled: allowed });

  if (dashboard.error instanceof ApiError && dashboard.error.status === 404) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {entry.title}
        </Title>
        <Alert color="red" variant="light" title="User not found">
          This user does not exist or is outside the organizations and locations you can see.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar person={person} size="lg" radius="xl" color={['teal', 'blue', 'grape'][userId % 3]} alt="" />
          <div>
            <Title order={1} size="h2" data-testid="user-overview-name">
              {name}
            </Title>
            <Text c="dimmed">{profession || entry.title}</Text>
          </div>
        </Group>
        <SingleDatePicker value={filters.date} onChange={(date) => update({ date })} label="Week ending" />
      </Group>
      {groupOnly ? <GroupOnlyNotice /> : allowed ? <UserFigures week={week} self={userId === me.id} name={name} showDurations={showDurations} noSmartSensor={dashboard.data?.assignedWearables === 0} /> : gate}
    </Stack>
  );
}

/** The chosen user's figures of the week: KPI cards, trust, trend and breakdowns, one's own past and opportunities, wearable usage. */
function UserFigures({ week, self, name, showDurations, noSmartSensor }: { week: UserWeek; self: boolean; name: string; showDurations: boolean; noSmartSensor: boolean }) {
  const comparable = !exceedsSixMonths(week.startDate, week.endDate);
  // The figures first, then the trend and the breakdowns, then wearable usage.
  const shown = useReportStages(3, [...BreakdownSection.callsFor({ week, showDurations }), ...(self ? OwnPastSection.callsFor({}) : [])]);
  return (
    <>
      {noSmartSensor && <NoSmartSensor self={self} name={name} />}
      <KpiSection week={week} showDurations={showDurations} comparable={comparable} />
      <WearerTrustBadge query={week} />
      {shown >= 2 && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <MyComplianceSection week={week} />
          <BreakdownSection week={week} showDurations={showDurations} />
        </SimpleGrid>
      )}
      {shown >= 3 && self && <OwnPastSection />}
      {shown >= 3 && self && <MyOpportunities endDate={week.endDate} days={USER_OVERVIEW_DAYS} />}
      {shown >= 3 && <WearableUsageSection week={week} />}
    </>
  );
}

/**
 * Said above the figures of someone who wears no SmartSensor (a technician or a manager lands
 * here): why every figure is empty, and, for the signed-in user, their most-used pages.
 */
function NoSmartSensor({ self, name }: { self: boolean; name: string }) {
  const pages = useUsefulPages();
  return (
    <Alert color="blue" variant="light" title={self ? 'No SmartSensor is assigned to you' : `No SmartSensor is assigned to ${name}`} data-testid="no-smartsensor">
      <Text size="sm">
        {self ? 'This page shows the figures of the wristband or badge you wear, so it stays empty.' : 'Their figures stay empty until one is assigned.'}
      </Text>
      {self && pages.length > 0 && (
        <Group gap="sm" mt="sm">
          <Text size="sm">Your most-used pages:</Text>
          {pages.map((page) => (
            <ButtonLink key={page.path} to={page.path} variant="light" size="sm">
              {page.title}
            </ButtonLink>
          ))}
        </Group>
      )}
    </Alert>
  );
}

/** The user and the seven days the page covers. */
interface UserWeek {
  userId: number;
  startDate: string;
  endDate: string;
}

const dashboardCall = ({ week }: { week: UserWeek }) => reportQueryOptions(userReportEndpoints.dashboard, week);

/** The KPI cards, and the offline stamp of the page. */
const KpiSection = reportSection(
  'KpiSection',
  { dashboard: (props: { week: UserWeek; showDurations: boolean; comparable: boolean }) => dashboardCall(props) },
  function KpiBody({ dashboard, showDurations, comparable }) {
    const d = dashboard.data;
    const kpi = (label: string, key: 'complianceTotal' | 'opportunities' | 'compliantEvents' | 'washCount' | 'washAverage', kind: StatKind, definition?: string) => (
      <FigureCard label={label} stat={d?.[key]} kind={kind} definition={definition} loading={dashboard.isPending} comparable={comparable} />
    );
    return (
      <>
        <OfflineStamp updatedAt={dashboard.dataUpdatedAt} hasData={d !== undefined} />
        {dashboard.error && !d && (
          <ReportCard title="User overview" error={dashboard.error}>
            {null}
          </ReportCard>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: showDurations ? 5 : 4 }} spacing="md">
          {kpi('Compliance', 'complianceTotal', 'ratio', DEFINITIONS.complianceTotal)}
          {kpi('Opportunities', 'opportunities', 'number', DEFINITIONS.opportunities)}
          {kpi('Compliant Events', 'compliantEvents', 'number', DEFINITIONS.compliantEvents)}
          {kpi('Hand Washes', 'washCount', 'number', DEFINITIONS.washCount)}
          {showDurations && kpi('Wash Duration Average', 'washAverage', 'seconds', DEFINITIONS.washAverage)}
        </SimpleGrid>
      </>
    );
  },
);

/** The user's daily compliance. */
const MyComplianceSection = reportSection('MyComplianceSection', { dashboard: dashboardCall }, function MyComplianceBody({ dashboard }) {
  return (
    <ReportCard title="My Compliance" loading={dashboard.isFetching}>
      <TrendChart
        label="Daily compliance, percent"
        data={(dashboard.data?.trend ?? []).map((p) => ({ date: p.date, Compliance: p.value === null ? null : Math.round(p.value * 100) }))}
        series={[{ name: 'Compliance', color: 'teal.6' }]}
        unit="%"
        yMax={100}
      />
    </ReportCard>
  );
});

/** Compliance by event type and washes by wash type. */
const BreakdownSection = reportSection(
  'BreakdownSection',
  { breakdowns: ({ week }: { week: UserWeek; showDurations: boolean }) => reportQueryOptions(complianceEndpoints.breakdowns, week) },
  function BreakdownBody({ breakdowns, showDurations }) {
    return (
      <ReportCard title="Breakdown" loading={breakdowns.isFetching} error={breakdowns.data ? null : breakdowns.error}>
        {breakdowns.data ? (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              By compliance type
            </Text>
            {breakdowns.data.eventTypes.map((t) => (
              <Group key={t.type} justify="space-between">
                <Text>{t.type}</Text>
                <Group gap="xs">
                  <Text c="dimmed" size="sm">
                    {t.compliantEvents} of {t.opportunities}
                  </Text>
                  <ComplianceBadge ratio={t.compliance} />
                </Group>
              </Group>
            ))}
            <Text fw={600} size="sm" mt="sm">
              By wash type
            </Text>
            {breakdowns.data.washTypes.map((w) => (
              <Group key={w.type} justify="space-between">
                <Text>{w.type}</Text>
                <Text size="sm">
                  {w.count} washes{showDurations && !w.disabled ? ` · avg ${formatSeconds(w.averageDuration)}` : ''}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <NoData />
        )}
      </ReportCard>
    );
  },
);

/** Session duration, visit length and bed visits. */
const WearableUsageSection = reportSection('WearableUsageSection', { dashboard: dashboardCall }, function WearableUsageBody({ dashboard }) {
  const d = dashboard.data;
  return (
    <>
      <Title order={2} size="h4">
        Wearable Usage
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label="Session Duration" value={d ? formatUsage(d.usageDuration) : '—'} loading={dashboard.isPending} />
        <StatCard label="Visit Duration Average" value={d ? formatMinutesSeconds(d.visitAverage) : '—'} loading={dashboard.isPending} />
        <StatCard label="Bed Visits" value={d ? d.bedVisits.toLocaleString('en-US') : '—'} loading={dashboard.isPending} />
      </SimpleGrid>
    </>
  );
});
