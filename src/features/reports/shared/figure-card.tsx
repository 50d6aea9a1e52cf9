import type { Stat } from '@contracts/reports/common';
import type { ReactNode } from 'react';
import { StatCard } from './stat-card';
import { statDelta, statValue, type StatKind } from './stat-values';

/**
 * The card of one figure of a report answer (a value with its change against the preceding
 * period): formatted by its kind, its comparison left out when the range exceeds six months.
 */
export function FigureCard({
  label,
  stat,
  kind,
  definition,
  loading,
  comparable,
  value,
}: {
  label: string;
  /** The figure, undefined while the answer is not there. */
  stat: Stat | undefined;
  kind: StatKind;
  definition?: string;
  loading: boolean;
  comparable: boolean;
  /** The value as shown, when not the kind's usual format. */
  value?: ReactNode;
}) {
  return (
    <StatCard
      label={label}
      value={value ?? statValue(stat, kind)}
      delta={statDelta(stat, kind)}
      definition={definition}
      loading={loading}
      comparable={comparable}
    />
  );
}
