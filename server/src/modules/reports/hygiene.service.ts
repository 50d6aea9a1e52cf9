import type { ReportQuery } from '../../contracts/reports/common';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { type AnswerCache, filterDays, rangeDays } from '../metrics/answers';
import { complianceTotals, washesByDay, washTypeBreakdown } from '../metrics/compliance.repo';
import { daysOf, delta, type ReportFilter } from '../metrics/filters';
import { callerFilter } from './report-scope';

/** The washes of each day of a filter's range, with their average per wearer. */
function washDays(db: Database, answers: AnswerCache, filter: ReportFilter, query: ReportQuery) {
  return answers.get('dispensers/wash-days', [filter, query], rangeDays(filter), () => washesByDay(db, filter, filter.range, daysOf(filter.range)));
}

/** The figures of the hand-wash overview: washes, their average and per hour, with their changes. */
async function washOverview(db: Database, filter: ReportFilter) {
  const [now, before] = await Promise.all([
    complianceTotals(db, filter, filter.range),
    filter.previous ? complianceTotals(db, filter, filter.previous) : null,
  ]);
  const hourly = (count: number, days: number) => count / (days * 24);
  const beforeHourly = before && filter.previous ? hourly(before.washCount, filter.previous.days) : null;
  const nowHourly = hourly(now.washCount, filter.range.days);
  return {
    washAverage: { value: now.washAverage, delta: delta(now.washAverage, before?.washAverage) },
    washCount: { value: now.washCount, delta: delta(now.washCount, before?.washCount) },
    hourlyWashCount: { value: nowHourly, delta: delta(nowHourly, beforeHourly) },
  };
}

/**
 * The hand-wash calls: hand-hygiene events by type and day. The overview and the two trends are
 * kept in `answers` per resolved filter and query (the two trends share one answer); the type
 * breakdown depends on the caller's organization and is computed at each call.
 */
export function createHygieneService(db: Database, answers: AnswerCache) {
  return {
    /** GET dispensers/wash-type-breakdown. */
    async washTypes(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, query);
      const disabled = !caller.organization.displayDurations;
      return (await washTypeBreakdown(db, filter, filter.range)).map((w) => ({ ...w, disabled }));
    },

    /** GET dispensers/handwash/overview-stats: washes, their average and per hour, with their changes. */
    async overviewStats(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, query);
      return answers.get('dispensers/handwash/overview-stats', [filter, query], filterDays(filter), () => washOverview(db, filter));
    },

    /** GET dispensers/wash-count-trend: washes and their average per day. */
    async washCountTrend(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, query);
      const days = await washDays(db, answers, filter, query);
      return { trend: days.map((d) => ({ date: d.date, value: d.soap + d.sanitizer, washAverage: d.washAverage })) };
    },

    /** GET dispensers/wash-type-trend: soap and sanitizer washes per day. */
    async washTypeTrend(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, query);
      const days = await washDays(db, answers, filter, query);
      return { trend: days.map(({ washAverage: _w, ...d }) => d) };
    },
  };
}
