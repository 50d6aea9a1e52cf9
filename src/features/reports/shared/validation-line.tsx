import { auditEndpoints } from '@contracts/observation-audits';
import { PAGE_ACCESS } from '@contracts/page-access';
import { Group, Text } from '@mantine/core';
import { AnchorLink } from '@/components/router-links';
import { allowed } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import type { ReportQueryParams } from '../filters/filter-state';
import { useReport } from './api/report-query';

const AUDITS_PAGE = '/app/reports/observation-audits';

/**
 * Beside a report's compliance: whether an observation audit validated the units it covers in
 * the month of its last day, in the server's words (docs/METRICS.md '11. Observation audits: how
 * far the sensors agree'), with the way to the audits for those who may open them.
 */
export function ValidationLine({ query }: { query: ReportQueryParams }) {
  const { role, accountType } = useSession();
  const summary = useReport(auditEndpoints.summary, query);
  if (!summary.data) return null;
  const mayOpen = allowed(PAGE_ACCESS[AUDITS_PAGE], role, accountType);
  const validated = summary.data.validated.length > 0;
  return (
    <Group gap="xs" wrap="wrap" data-testid="validation-line" data-validated={validated}>
      <Text size="sm" c={validated ? undefined : 'dimmed'} role="note" aria-label="Sensor validation">
        {summary.data.words}
      </Text>
      {mayOpen && summary.data.units > 0 && (
        <AnchorLink to={AUDITS_PAGE} size="sm" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
          Observation audits
        </AnchorLink>
      )}
    </Group>
  );
}
