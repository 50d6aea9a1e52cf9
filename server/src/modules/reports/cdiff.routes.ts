import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cdiffRoomsQuerySchema,
  cdiffRoomsSchema,
  cdiffVisitsParamsSchema,
  cdiffVisitsQuerySchema,
  cdiffVisitsSchema,
} from '../../contracts/reports/cdiff';
import type { Database } from '../../db/client';
import { callerOf, type Caller } from '../../plugins/auth';
import { HttpError } from '../../core/http-error';
import { callerFilter } from './access';
import { cdiffRooms, cdiffVisits, findCdiffZone, parseVisitCursor } from './cdiff.repo';
import { forPages } from '../../plugins/access';

const config = forPages('/app/reports/c-diff-report');

/** The locations a C. diff call covers: its groupIds within the caller's scope, else the whole scope. */
function locationFilter(db: Database, caller: Caller, q: { groupIds: number[]; startDate: string; endDate: string }) {
  return callerFilter(db, caller, {
    organizationIds: [],
    organizationIdFilters: [],
    groupIds: q.groupIds,
    groupIdFilters: [],
    startDate: q.startDate,
    endDate: q.endDate,
    view: 'loc',
  });
}

/** zones/cdiff and zones/cdiff/:zoneId/visits (docs/METRICS.md §6). */
export const cdiffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/zones/cdiff',
    { config, schema: { querystring: cdiffRoomsQuerySchema, response: { 200: cdiffRoomsSchema } } },
    async (request) => {
      const q = request.query;
      const filter = await locationFilter(db, callerOf(request), q);
      return cdiffRooms(
        db,
        { groupIds: filter.groupIds, zoneIds: q.zoneIds, names: [...q.search, ...q['search[]']] },
        filter.range,
        { take: q.take, startingAfter: q.startingAfter },
      );
    },
  );

  app.get(
    '/zones/cdiff/:zoneId/visits',
    {
      config,
      schema: { params: cdiffVisitsParamsSchema, querystring: cdiffVisitsQuerySchema, response: { 200: cdiffVisitsSchema } },
    },
    async (request) => {
      const q = request.query;
      const filter = await locationFilter(db, callerOf(request), q);
      const zone = await findCdiffZone(db, request.params.zoneId, filter.groupIds);
      if (!zone) throw new HttpError(404, 'C. diff room not found');
      const cursor = q.startingAfter === undefined ? undefined : parseVisitCursor(q.startingAfter);
      if (cursor === null) throw new HttpError(400, 'startingAfter must be a visit id');
      return cdiffVisits(db, zone.id, filter.range, { take: q.take, startingAfter: cursor });
    },
  );
};
