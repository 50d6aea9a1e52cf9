import { PAGE_ACCESS } from '@contracts/page-access';
import { type RangeTrust, trustEndpoints, type TrustLevel } from '@contracts/reports/trust';
import { Badge, List, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { AnchorLink } from '@/components/router-links';
import { allowed } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import { type ReportQueryOf, useReport } from './api/report-query';

/** The report filters the trust is asked for. */
export type TrustQuery = ReportQueryOf<typeof trustEndpoints.range>;

const DATA_TRUST_PAGE = '/app/reports/data-trust';

export const TRUST_COLOR: Record<TrustLevel, string> = { HIGH: 'teal', MEDIUM: 'yellow', LOW: 'red' };

/** 'Low: 2 of 9 dispensers silent on ICU 3 North, Nov 12–14' (the worst reason), or the label alone. */
export function trustSummary(trust: RangeTrust): string {
  const first = trust.reasons[0];
  if (trust.level === null || trust.level === 'HIGH' || !first) return trust.label;
  return `${trust.level === 'LOW' ? 'Low' : 'Medium'}: ${first.words}`;
}

/** The trust of a report's locations and range beside its figures (docs/METRICS.md 'Data trust'). */
export function TrustBadge({ query }: { query: TrustQuery }) {
  const trust = useReport(trustEndpoints.range, query);
  return trust.data ? <TrustBadgeOf data={trust.data} /> : null;
}

/** The trust of one wearer's figures (User Overview): the locations and days of their opportunities. */
export function WearerTrustBadge({ query }: { query: ReportQueryOf<typeof trustEndpoints.wearer> }) {
  const trust = useReport(trustEndpoints.wearer, query);
  return trust.data ? <TrustBadgeOf data={trust.data} /> : null;
}

/**
 * A trust badge that opens its reasons, in the server's words, each linked to its location's Data
 * Trust page for those who may open it.
 */
function TrustBadgeOf({ data }: { data: RangeTrust }) {
  const { role, accountType } = useSession();
  const mayOpen = allowed(PAGE_ACCESS[DATA_TRUST_PAGE], role, accountType);
  const level = data.level;
  return (
    <Popover width={360} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          mih={44}
          display="inline-flex"
          style={{ alignItems: 'center' }}
          aria-label={`Data trust: ${trustSummary(data)}`}
          data-testid="trust-badge"
          data-level={level ?? 'NONE'}
        >
          <Badge color={level ? TRUST_COLOR[level] : 'gray'} variant={level === 'HIGH' ? 'light' : 'filled'} size="lg">
            {data.label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="trust-popover">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {trustSummary(data)}
          </Text>
          <Text size="sm" c="dimmed">
            {data.rule}. Location-days: {data.locationDays.high} high, {data.locationDays.medium} medium, {data.locationDays.low} low.
          </Text>
          {data.reasons.length > 0 && (
            <List size="sm" spacing={4}>
              {data.reasons.map((r) => (
                <List.Item key={`${r.groupId}-${r.input}-${r.level}-${r.from}`}>
                  <Text span size="sm" c={r.level === 'LOW' ? 'red.8' : undefined}>
                    {r.words}
                  </Text>{' '}
                  {mayOpen && (
                    <AnchorLink to={DATA_TRUST_PAGE} search={{ groupId: r.groupId, startDate: r.from, endDate: r.to }} size="sm">
                      Details
                    </AnchorLink>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          {data.moreReasons > 0 && (
            <Text size="sm" c="dimmed">
              And {data.moreReasons} more.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
