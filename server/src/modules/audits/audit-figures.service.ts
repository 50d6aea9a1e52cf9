import type { ReportQuery } from '../../contracts/reports/common';
import type { UnitReadinessRow, UnitValidation, ValidationSummary } from '../../contracts/observation-audits';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { locationsUnder } from '../locations';
import { resolveFilter } from '../metrics/filters';
import { hospitalReadiness, type LeapfrogOption } from './leapfrog';
import { leapfrogMonth, matchSessions, unitsAmong, unitValidation, type Unit } from './unit-month';
import { isValidated, validationWords } from './validation-summary';

// The audits' figures for a caller (docs/METRICS.md sections 11–13): each unit under a location in
// their scope, one month at a time, computed by unit-month.ts.

export function createAuditFiguresService(db: Database) {
  /** The units under a location in the caller's scope. */
  async function unitsUnder(caller: Caller, groupId: number): Promise<Unit[]> {
    const scope = await caller.scope();
    return unitsAmong(db, await locationsUnder(db, scope, [groupId]), (id) => locationsUnder(db, scope, [id]));
  }

  return {
    /** GET /audits/validation: each unit's validation and Hawthorne gap for the month. */
    async validation(caller: Caller, query: { groupId: number; month: string }): Promise<{ month: string; units: UnitValidation[] }> {
      const figures: UnitValidation[] = [];
      for (const unit of await unitsUnder(caller, query.groupId)) figures.push(await unitValidation(db, await matchSessions(db, unit, query.month)));
      return { month: query.month, units: figures };
    },

    /**
     * GET /audits/validation/summary: beside a report's compliance, the validation of the units it
     * covers in the month of its last day (the locations it counts; in the organizations' view,
     * those of its organizations).
     */
    async summary(caller: Caller, query: ReportQuery): Promise<ValidationSummary> {
      const scope = await caller.scope();
      const filter = await resolveFilter(db, scope, query);
      const month = query.endDate.slice(0, 7);
      const units = await unitsAmong(db, filter.groupIds, (id) => locationsUnder(db, scope, [id]), filter.organizationIds ?? filter.organizationFilter);
      const validated = [];
      for (const unit of units) {
        const m = await matchSessions(db, unit, month);
        if (m.sessions.length === 0) continue;
        const figures = await unitValidation(db, m);
        if (isValidated(figures)) validated.push({ groupId: unit.id, name: unit.name, kappa: figures.kappa, agreement: figures.agreement, matched: figures.matched });
      }
      return { month, units: units.length, validated, words: validationWords(month, units.length, validated) };
    },

    /** GET /audits/leapfrog: each patient care unit's readiness for the month, and the hospital's. */
    async leapfrog(caller: Caller, query: { groupId: number; month: string; option: '1' | '2' }) {
      const months = [];
      for (const unit of await unitsUnder(caller, query.groupId)) months.push({ unit, month: await leapfrogMonth(db, await matchSessions(db, unit, query.month), query.month) });
      const readiness = hospitalReadiness(
        months.map((m) => m.month),
        Number(query.option) as LeapfrogOption,
      );
      const rows: UnitReadinessRow[] = months.map(({ unit, month }, i) => {
        const { status, target, gaps, thin } = readiness.units[i] ?? { status: 'Gap' as const, target: 0, gaps: [], thin: [] };
        return { groupId: unit.id, ...month, status, target, gaps, thin, byShift: { ...month.byShift }, byWeekday: [...month.byWeekday], byRole: { ...month.byRole } };
      });
      return { month: query.month, option: query.option, status: readiness.status, summary: readiness.summary, units: rows };
    },
  };
}
