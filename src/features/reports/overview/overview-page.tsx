import type { PageEntry } from '../filters/filter-state';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { PageHeader } from '@/components/page-header';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useSession } from '@/lib/session-context';
import { ReportFilterBar } from '../shared/report-filter-bar';
import { useReportStages } from '../shared/report-section';
import { ViewAsDialog } from './view-as-dialog';
import { exceedsSixMonths, reportQuery } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { WashDurationSection } from '../shared/wash-duration-trend';
import { ValidationLine } from '../shared/validation-line';
import { TrustBadge } from '../shared/trust-badge';
import { ComplianceTrendSection, OverviewStats, TopRankingSection } from './overview-sections';
import { useLeaderboardsOff } from '../shared/leaderboards';

/** Performance Overview: stat cards, the compliance trend and its breakdowns, wash durations, the top 10. */
export default function OverviewPage({ entry }: { entry: PageEntry }) {
  const { user } = useSession();
  const { filters, update, linkTo } = useReportFilters('/app/reports/overview');
  const [viewAs, viewAsControls] = useDisclosure(false);
  const viewAsWanted = useOpenedOnce(viewAs);
  const query = useMemo(() => reportQuery(filters), [filters]);
  const links = useMemo(
    () => ({
      compliance: linkTo('/app/reports/compliance'),
      handwash: linkTo('/app/reports/handwash'),
      ranking: linkTo('/app/reports/user-performance'),
    }),
    [linkTo],
  );
  const showDurations = user.organization.settings.displayDurations;
  const leaderboardsOff = useLeaderboardsOff();
  // Stat cards first, then the trends, then the ranking: each its own short task. Their answers
  // are all asked for at once, as the page first renders.
  const shown = useReportStages(3, [
    ...ComplianceTrendSection.callsFor({ query, showDurations, link: links.compliance }),
    ...(showDurations ? WashDurationSection.callsFor({ query, link: links.handwash }) : []),
    ...(leaderboardsOff ? [] : TopRankingSection.callsFor({ query, link: links.ranking })),
  ]);
  const comparable = !exceedsSixMonths(filters.startDate, filters.endDate);

  return (
    <Stack gap="md">
      <PageHeader
        title={entry.title}
        actions={
          user.managedOrganizationIds.length > 0 ? (
            <Button variant="light" onClick={viewAsControls.open}>
              View As
            </Button>
          ) : undefined
        }
      />
      <ReportFilterBar filters={filters} update={update} />
      <OverviewStats query={query} comparable={comparable} showDurations={showDurations} />
      <Group gap="md" wrap="wrap" align="center">
        <TrustBadge query={query} />
        <ValidationLine query={query} />
      </Group>
      {shown >= 2 && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <ComplianceTrendSection query={query} showDurations={showDurations} link={links.compliance} />
          {showDurations && <WashDurationSection query={query} link={links.handwash} />}
        </SimpleGrid>
      )}
      {shown >= 3 && !leaderboardsOff && <TopRankingSection query={query} link={links.ranking} />}
      {viewAsWanted && <ViewAsDialog opened={viewAs} onClose={viewAsControls.close} organizationIds={filters.organizationIds} />}
    </Stack>
  );
}
