import { List, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OwnPast, OwnWeek } from '@contracts/reports/own-past';
import { userReportEndpoints } from '@contracts/reports/compliance';
import { compliancePercent, formatPercent } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { NoData, ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import { statDelta } from '../shared/stat-values';
import { dayLabel, TrendChart } from '../shared/trend-chart';
import { OwnGoalForm } from './own-goal-form';

/** A week as the section names it: 'Week of Mar 3'. */
const weekName = (week: Pick<OwnWeek, 'week'>) => `Week of ${dayLabel(week.week)}`;

/** A week's figure in words: '75% (3 of 4)', or that it had no opportunities. */
const weekWords = (w: OwnWeek) => (w.opportunities === 0 ? 'no opportunities' : `${formatPercent(w.complianceTotal)} (${w.compliantEvents} of ${w.opportunities})`);

/**
 * Against your own past (docs/SCREENS.md 'User Overview'; docs/PRIVACY.md 'Feedback against one's
 * own past'): on one's own overview only, the signed-in user's compliance week by week, their best
 * week, this week against the weeks before, and the goal they set themselves. Nobody else's
 * figures, no rank, no comparison with anyone: the answer holds none (docs/METRICS.md '16. Own past').
 */
export const OwnPastSection = reportSection(
  'OwnPastSection',
  // Always the caller's own: the call takes nothing of the page (no person, no date).
  { own: (_props: object) => reportQueryOptions(userReportEndpoints.ownPast, {}) },
  function OwnPastBody({ own }) {
    const d = own.data;
    return (
      <ReportCard title="Against your own past" loading={own.isFetching} error={d ? null : own.error}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Your compliance week by week, next to your own earlier weeks and your own goal only. Weeks start Monday (UTC).
          </Text>
          {d ? <OwnPastFigures past={d} /> : <NoData />}
          {d && <OwnGoalForm goalPercent={d.goalPercent} />}
        </Stack>
      </ReportCard>
    );
  },
);

function OwnPastFigures({ past }: { past: OwnPast }) {
  const thisWeek = past.weeks[past.weeks.length - 1];
  const earlier = past.weeks.length - 1;
  const change = statDelta({ value: thisWeek?.complianceTotal ?? null, delta: past.change }, 'ratio');
  const thisPercent = compliancePercent(thisWeek?.complianceTotal);
  const goal = past.goalPercent;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="This week" value={formatPercent(thisWeek?.complianceTotal)} testId="own-this-week">
          Your average of the {earlier} weeks before: {formatPercent(past.earlierWeeks.complianceTotal)}
          {change && ` (${change.text})`}
        </Figure>
        <Figure label="Your best week" value={past.bestWeek ? formatPercent(past.bestWeek.complianceTotal) : '—'} testId="own-best-week">
          {past.bestWeek ? `${weekName(past.bestWeek)} (${past.bestWeek.compliantEvents} of ${past.bestWeek.opportunities})` : `No opportunities in these ${past.weeks.length} weeks`}
        </Figure>
        <Figure label="Your goal" value={goal === null ? 'Not set' : `${goal}%`} testId="own-goal">
          {goal === null
            ? 'Set one below: only you see it.'
            : thisPercent === null
              ? 'No opportunities this week yet.'
              : thisPercent >= goal
                ? 'Reached this week.'
                : `${goal - thisPercent} points to go this week.`}
        </Figure>
      </SimpleGrid>
      <TrendChart
        label={`Your weekly compliance, percent, over the last ${past.weeks.length} weeks${goal === null ? '' : `, with your goal of ${goal}%`}`}
        kind="bar"
        data={past.weeks.map((w) => ({ date: w.week, Compliance: compliancePercent(w.complianceTotal) }))}
        series={[{ name: 'Compliance', color: 'teal.6' }]}
        unit="%"
        yMax={100}
        levels={goal === null ? [] : [{ value: goal, label: `Your goal ${goal}%`, color: 'orange.7' }]}
      />
      {/* The chart is an image to a screen reader: its weeks in words. */}
      <VisuallyHidden>
        <List aria-label="Your weeks">
          {past.weeks.map((w) => (
            <List.Item key={w.week}>
              {weekName(w)}: {weekWords(w)}
            </List.Item>
          ))}
        </List>
      </VisuallyHidden>
    </>
  );
}

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={2} component="section" aria-label={label} data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
