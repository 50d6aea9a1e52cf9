import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuerySchema } from '../../contracts/reports/common';
import {
  roundingBedsSchema,
  roundingBedStatsQuerySchema,
  roundingBedStatsSchema,
  roundingLocationsSchema,
  roundingOrganizationsSchema,
  roundingQuerySchema,
  roundingUsersSchema,
  roundingUserStatsQuerySchema,
  roundingUserStatsSchema,
} from '../../contracts/reports/rounding';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { HttpError } from '../../core/http-error';
import { dayRange } from '../metrics/filters';
import { loadTrees } from '../locations';
import { callerFilter, reportUser } from './access';
import { bedVisitsOf, findBed, hourlyOf, roundingByBed, roundingByUser, roundingSummaries, userBedVisits } from './rounding.repo';
import { forPages } from '../../plugins/access';
import { auditRead, personInQuery } from '../../plugins/audit';

const config = forPages('/app/reports/staff-rounding');

/** staffRounding/*: time staff spend at beds (docs/METRICS.md §7). */
export const roundingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/staffRounding/user',
    { config, schema: { querystring: roundingQuerySchema, response: { 200: roundingUsersSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      return roundingByUser(db, filter, request.query.search);
    },
  );

  app.get(
    '/staffRounding/bed',
    { config, schema: { querystring: roundingQuerySchema, response: { 200: roundingBedsSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      return roundingByBed(db, filter, request.query.search);
    },
  );

  app.get(
    '/staffRounding/user/stats',
    { config: { ...config, ...auditRead(personInQuery('none')) }, schema: { querystring: roundingUserStatsQuerySchema, response: { 200: roundingUserStatsSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const user = await reportUser(db, caller, q.userId);
      const filter = await callerFilter(db, caller, {
        organizationIds: [],
        organizationIdFilters: [],
        groupIds: q.groupIds,
        groupIdFilters: [],
        startDate: q.startDate,
        endDate: q.endDate,
        view: 'loc',
      });
      const visits = await userBedVisits(db, user.id, filter.groupIds, filter.range);
      return {
        visits: visits.map(({ entryTime, beaconId, bedName, duration }) => ({ entryTime, beaconId, bedName, duration })),
        hourly: hourlyOf(visits),
      };
    },
  );

  app.get(
    '/staffRounding/bed/stats',
    { config, schema: { querystring: roundingBedStatsQuerySchema, response: { 200: roundingBedStatsSchema } } },
    async (request) => {
      const scope = await callerOf(request).scope();
      const bed = await findBed(db, request.query.beaconId, [...scope.groupIds]);
      if (!bed) throw new HttpError(404, 'Bed not found');
      const visits = await bedVisitsOf(db, bed.id, dayRange(request.query.startDate, request.query.endDate));
      return {
        visits: visits.map(({ entryTime, userId, name, profession, duration }) => ({ entryTime, userId, name, profession, duration })),
        hourly: hourlyOf(visits),
      };
    },
  );

  app.get(
    '/staffRounding/location',
    { config, schema: { querystring: reportQuerySchema, response: { 200: roundingLocationsSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), { ...request.query, view: 'loc' });
      const [rows, { groupTree }] = await Promise.all([roundingSummaries(db, filter, 'location'), loadTrees(db)]);
      return rows.map(({ id, ...figures }) => ({
        groupId: id,
        name: groupTree.find((g) => g.id === id)?.name ?? String(id),
        ...figures,
      }));
    },
  );

  app.get(
    '/staffRounding/organization',
    { config, schema: { querystring: reportQuerySchema, response: { 200: roundingOrganizationsSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), { ...request.query, view: 'org' });
      const [rows, { orgTree }] = await Promise.all([roundingSummaries(db, filter, 'organization'), loadTrees(db)]);
      return rows.map(({ id, ...figures }) => ({
        organizationId: id,
        name: orgTree.find((o) => o.id === id)?.name ?? String(id),
        ...figures,
      }));
    },
  );
};
