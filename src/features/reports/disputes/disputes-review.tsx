import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DISPUTE_REASON_LABELS, type Dispute, type DisputeStatus } from '@contracts/disputes';
import { pagedRows, ShowMore } from '@/components/show-more';
import { formatDateTimeIn } from '@/lib/format';
import { NoData, ReportCard } from '../shared/report-card';
import { useDisputes } from './api';
import { DecisionDialog, type PendingDecision } from './decision-dialog';
import { disputeStatusWords } from './dispute-status';

const STATUS_FILTERS = [
  { value: 'OPEN', label: 'Open' },
  { value: 'ACCEPTED', label: 'Accepted' },
  { value: 'DECLINED', label: 'Declined' },
  { value: 'ALL', label: 'All' },
];

/** The door in the location's clock, its zone named: 'Entry 7/3/2023, 2:00:00 AM (US/Pacific) · ICU – 3 North, Room 12'. */
export function describeDispute(d: Dispute): string {
  const where = [d.location, d.room].filter(Boolean).join(', ');
  return `${d.wearer.name} · ${d.kind === 'ENTRY' ? 'Entry' : 'Exit'} ${formatDateTimeIn(d.doorAt, d.timeZone)} (${d.timeZone}) · ${where}`;
}

const verdictOf = (d: Dispute) => (d.compliant === null ? 'Visit no longer derived' : d.compliant ? 'Compliant' : 'Missed');

/**
 * Disputed opportunities (docs/SCREENS.md 'Compliance Report'): the disputes of the locations in
 * the caller's scope, open first, ten at a time, each with Accept and Decline behind a confirmation.
 */
export function DisputesReview() {
  const [status, setStatus] = useState<DisputeStatus | 'ALL'>('OPEN');
  const list = useDisputes(status === 'ALL' ? null : status);
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const disputes = pagedRows(list).rows;
  return (
    <ReportCard title="Disputed Opportunities" loading={list.isFetching} error={list.data ? null : list.error}>
      <Stack gap="sm">
        <SegmentedControl aria-label="Dispute status" value={status} onChange={(v) => setStatus(v as DisputeStatus | 'ALL')} data={STATUS_FILTERS} fullWidth />
        {list.data && disputes.length === 0 ? (
          <NoData>{status === 'OPEN' ? 'No dispute awaits review.' : 'No disputes.'}</NoData>
        ) : (
          <Stack gap="sm" role="list" aria-label="Disputes">
            {disputes.map((d) => (
              <Card key={d.id} withBorder padding="sm" role="listitem" aria-label={`Dispute of ${d.wearer.name}`} data-testid={`dispute-${d.id}`}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {describeDispute(d)}
                    </Text>
                    <Badge color={d.compliant ? 'teal' : d.compliant === false ? 'red' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                      {verdictOf(d)}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {DISPUTE_REASON_LABELS[d.reason]}
                    {d.note ? ` — “${d.note}”` : ''}
                  </Text>
                  {d.status === 'OPEN' ? (
                    <Group justify="flex-end" gap="sm">
                      <Button size="sm" mih={44} variant="default" color="red" onClick={() => setPending({ dispute: d, decision: 'decline' })}>
                        Decline
                      </Button>
                      <Button size="sm" mih={44} color="teal" onClick={() => setPending({ dispute: d, decision: 'accept' })}>
                        Accept
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="dispute-decision">
                      {disputeStatusWords(d)}
                      {d.decidedBy ? ` · by ${d.decidedBy}` : ''}
                    </Text>
                  )}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
        <ShowMore query={list} noun="disputes" />
      </Stack>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} describe={describeDispute} />
    </ReportCard>
  );
}
