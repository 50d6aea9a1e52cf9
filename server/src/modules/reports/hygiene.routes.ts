import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  handwashOverviewSchema,
  washCountTrendSchema,
  washTypeBreakdownSchema,
  washTypeTrendSchema,
} from '../../contracts/reports/compliance';
import { reportQuerySchema } from '../../contracts/reports/common';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { complianceTotals, washesByDay, washTypeBreakdown } from '../metrics/compliance.repo';
import { daysOf, delta } from '../metrics/filters';
import { callerFilter } from './access';
import { forPages } from '../../plugins/access';

const config = forPages('/app/reports/overview', '/app/reports/handwash');

/** The hand-wash calls (02 §7 'dispensers/…' wash calls): hand-hygiene events by type and day. */
export const hygieneRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dispensers/wash-type-breakdown',
    { config, schema: { querystring: reportQuerySchema, response: { 200: washTypeBreakdownSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const filter = await callerFilter(db, caller, request.query);
      const disabled = !caller.organization.displayDurations;
      return (await washTypeBreakdown(db, filter, filter.range)).map((w) => ({ ...w, disabled }));
    },
  );

  app.get(
    '/dispensers/handwash/overview-stats',
    { config, schema: { querystring: reportQuerySchema, response: { 200: handwashOverviewSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
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
    },
  );

  app.get(
    '/dispensers/wash-count-trend',
    { config, schema: { querystring: reportQuerySchema, response: { 200: washCountTrendSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      const days = await washesByDay(db, filter, filter.range, daysOf(filter.range));
      return { trend: days.map((d) => ({ date: d.date, value: d.soap + d.sanitizer, washAverage: d.washAverage })) };
    },
  );

  app.get(
    '/dispensers/wash-type-trend',
    { config, schema: { querystring: reportQuerySchema, response: { 200: washTypeTrendSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      const days = await washesByDay(db, filter, filter.range, daysOf(filter.range));
      return { trend: days.map(({ washAverage: _w, ...d }) => d) };
    },
  );
};
