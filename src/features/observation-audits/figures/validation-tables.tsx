import type { UnitValidation } from '@contracts/observation-audits';
import { DataTable, type DataColumn } from '@/components/data-table';
import { gapInPoints, kappaWithInterval, nText, percentWithInterval } from './figure-text';

// A month's validation and Hawthorne gap per unit (docs/METRICS.md sections 11 and 12), as the
// Validation tab shows them and the evidence pack prints them.

const count = (key: keyof UnitValidation, header: string, fold = false): DataColumn<UnitValidation> => ({
  key,
  header,
  value: (u) => u[key] as number,
  align: 'right',
  fold,
});

const AGREEMENT_COLUMNS: DataColumn<UnitValidation>[] = [
  { key: 'name', header: 'Unit', value: (u) => u.name },
  count('sessions', 'Sessions', true),
  count('observed', 'Observed'),
  count('matched', 'Matched'),
  { key: 'agreement', header: 'Agreement', value: (u) => u.agreement.value, render: (u) => percentWithInterval(u.agreement), align: 'right' },
  { key: 'kappa', header: 'κ', value: (u) => u.kappa.value, render: (u) => kappaWithInterval(u.kappa), align: 'right' },
  { key: 'sensitivity', header: 'Sensitivity', value: (u) => u.sensitivity.value, render: (u) => `${percentWithInterval(u.sensitivity)} · ${nText(u.sensitivity)}`, fold: true },
  {
    key: 'ppv',
    header: 'Positive predictive value',
    value: (u) => u.positivePredictiveValue.value,
    render: (u) => `${percentWithInterval(u.positivePredictiveValue)} · ${nText(u.positivePredictiveValue)}`,
    fold: true,
  },
  {
    key: 'table',
    header: 'Both · observer only · sensors only · neither',
    value: (u) => `${u.table.both} · ${u.table.observerOnly} · ${u.table.sensorsOnly} · ${u.table.neither}`,
    sortable: false,
    fold: true,
  },
  count('unseen', 'Not seen by the sensors', true),
  count('unrecorded', 'Not recorded by the observer', true),
  { key: 'toleranceSeconds', header: 'Match tolerance', value: (u) => u.toleranceSeconds, render: (u) => `±${u.toleranceSeconds} s`, align: 'right', fold: true },
];

const estimate = (key: 'observed' | 'sensorsDuring' | 'sensorsUnobserved', header: string, fold = false): DataColumn<UnitValidation> => ({
  key,
  header,
  value: (u) => u.hawthorne[key].value,
  render: (u) => `${percentWithInterval(u.hawthorne[key])} · ${nText(u.hawthorne[key])}`,
  align: 'right',
  fold,
});

const HAWTHORNE_COLUMNS: DataColumn<UnitValidation>[] = [
  { key: 'name', header: 'Unit', value: (u) => u.name },
  { key: 'watched', header: 'Being watched', value: (u) => u.hawthorne.watchedGap.value, render: (u) => gapInPoints(u.hawthorne.watchedGap), align: 'right' },
  estimate('sensorsDuring', 'Sensors while observed', true),
  estimate('sensorsUnobserved', 'Sensors unobserved', true),
  estimate('observed', 'Observed compliance', true),
  { key: 'observer', header: 'Observer against sensors', value: (u) => u.hawthorne.observerGap.value, render: (u) => gapInPoints(u.hawthorne.observerGap), align: 'right', fold: true },
];

/** How far the sensors agreed with the observers, per unit. */
export function AgreementTable({ units, loading }: { units: readonly UnitValidation[]; loading: boolean }) {
  return (
    <DataTable
      label="Agreement with the sensors"
      columns={AGREEMENT_COLUMNS}
      rows={[...units]}
      rowKey={(u) => u.groupId}
      loading={loading}
      emptyText="No patient care unit here"
      pageSize={50}
      exportable
    />
  );
}

/** How much being watched changed the sensors' compliance, per unit. */
export function HawthorneTable({ units, loading }: { units: readonly UnitValidation[]; loading: boolean }) {
  return (
    <DataTable
      label="The Hawthorne gap"
      columns={HAWTHORNE_COLUMNS}
      rows={[...units]}
      rowKey={(u) => u.groupId}
      loading={loading}
      emptyText="No patient care unit here"
      pageSize={50}
      exportable
    />
  );
}
