import { Badge, Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { userReportEndpoints } from '@contracts/reports/compliance';
import { verdictOutcome, verdictWords } from '@contracts/reports/opportunity-verdict';
import { formatTimeIn } from '@/lib/format';
import { reportQueryOptions } from '../shared/api/report-query';
import { OpportunityTimeline } from '../shared/opportunity-timeline';
import { NoData, ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import { shiftDay } from '../filters/filter-state';
import { DisputeDialog, type DisputedDoor } from '../disputes/dispute-dialog';
import { DisputeStatusLine } from '../disputes/dispute-status';

const OUTCOME_COLORS = { Compliant: 'teal', Missed: 'red', 'Not counted': 'gray' } as const;

/** A day's short name for the day picker: 'Mon 7' (UTC days, as the reports' days are). */
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * My opportunities (docs/SCREENS.md 'User Overview'): the signed-in wearer's room entries and
 * exits of one day of the week, each with its outcome, the reason in words and its timeline, so a
 * nurse sees why an opportunity counted or was missed, and disputes a counted one they believe
 * wrong (docs/METRICS.md '15. Disputed opportunities'). Only on their own overview.
 */
export function MyOpportunities({ endDate, days }: { endDate: string; days: number }) {
  const week = Array.from({ length: days }, (_, i) => shiftDay(endDate, i - days + 1));
  const [chosen, setChosen] = useState<string | null>(null);
  const date = chosen !== null && week.includes(chosen) ? chosen : endDate;
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Day of my opportunities"
        value={date}
        onChange={setChosen}
        data={week.map((day) => ({ value: day, label: dayLabel(day) }))}
        fullWidth
        style={{ overflowX: 'auto' }}
      />
      <DayOpportunities date={date} />
    </Stack>
  );
}

const DayOpportunities = reportSection(
  'DayOpportunities',
  // Asked again whenever shown: a manager's decision on a dispute of hers changes it from elsewhere.
  { own: ({ date }: { date: string }) => ({ ...reportQueryOptions(userReportEndpoints.ownOpportunities, { date }), staleTime: 0 }) },
  function DayOpportunitiesBody({ own, date }) {
    const d = own.data;
    const [missedOnly, setMissedOnly] = useState(false);
    const [disputing, setDisputing] = useState<DisputedDoor | null>(null);
    const doors = d?.doors ?? [];
    const missed = doors.filter((door) => verdictOutcome(door.verdict) === 'Missed');
    const shown = missedOnly ? missed : doors;
    return (
      <ReportCard title="My Opportunities" loading={own.isFetching} error={d ? null : own.error}>
        {d && doors.length > 0 && (
          <Switch
            mb="sm"
            checked={missedOnly}
            onChange={(event) => setMissedOnly(event.currentTarget.checked)}
            label={`Missed only (${missed.length} of ${doors.length} room entries and exits)`}
          />
        )}
        {d && shown.length === 0 ? (
          <NoData>{missedOnly ? `None missed on ${dayLabel(date)}.` : `No room entries or exits on ${dayLabel(date)}.`}</NoData>
        ) : (
          <Stack gap="md" role="list" aria-label="My opportunities">
            {shown.map((door) => {
              const outcome = verdictOutcome(door.verdict);
              const time = (at: string) => formatTimeIn(at, door.timeZone);
              return (
                <Stack key={`${door.timestamp}-${door.type}`} gap={4} role="listitem" aria-label={`${door.type} at ${time(door.timestamp)}, ${outcome}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600}>
                      {door.type} · {door.location ?? '—'}
                    </Text>
                    <Badge color={OUTCOME_COLORS[outcome]} variant={outcome === 'Missed' ? 'filled' : 'light'}>
                      {outcome}
                    </Badge>
                  </Group>
                  <Text size="sm">{verdictWords(door.type, door.timestamp, door.verdict, time)}</Text>
                  <OpportunityTimeline kind={door.type} at={door.timestamp} verdict={door.verdict} hygiene={d?.hygiene ?? []} timeZone={door.timeZone} />
                  {door.dispute ? (
                    <DisputeStatusLine dispute={door.dispute} />
                  ) : (
                    door.verdict.counted && (
                      <Group justify="flex-end">
                        <Button
                          variant="default"
                          size="sm"
                          mih={44}
                          onClick={() =>
                            setDisputing({
                              kind: door.type === 'Room Entry' ? 'ENTRY' : 'EXIT',
                              doorAt: door.timestamp,
                              label: `${door.type} · ${door.location ?? '—'} · ${time(door.timestamp)}, ${outcome.toLowerCase()}`,
                            })
                          }
                        >
                          Dispute
                        </Button>
                      </Group>
                    )
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        <DisputeDialog door={disputing} onClose={() => setDisputing(null)} />
      </ReportCard>
    );
  },
);
