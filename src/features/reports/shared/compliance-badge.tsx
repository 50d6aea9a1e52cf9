import { Badge } from '@mantine/core';
import { complianceColor, compliancePercent } from '@/lib/units';

/** Compliance as a whole percent in its colour (≥ 80 green, ≥ 60 purple, > 0 red, else gray). */
export function ComplianceBadge({ ratio }: { ratio: number | null | undefined }) {
  const percent = compliancePercent(ratio);
  return (
    <Badge color={complianceColor(percent)} variant="light" size="lg" miw={64}>
      {percent === null ? '—' : `${percent}%`}
    </Badge>
  );
}
