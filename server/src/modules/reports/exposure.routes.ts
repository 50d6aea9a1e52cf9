import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exposureQuerySchema, exposureResponseSchema } from '../../contracts/reports/exposure';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { callerFilter, reportUser } from './access';
import { exposedUsers, exposureInteractions } from './exposure.repo';
import { forPages } from '../../plugins/access';
import { auditRead, personInQuery } from '../../plugins/audit';

/** Contact tracing looks back this far before the chosen start (docs/METRICS.md §8). */
const LOOK_BACK_MS = 24 * 3_600_000;

/** exposureReport/interaction: care provider to care provider exposure and contact tracing. */
export const exposureRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/exposureReport/interaction',
    {
      config: { ...forPages('/app/reports/contact-tracing'), ...auditRead(personInQuery('none')) },
      schema: { querystring: exposureQuerySchema, response: { 200: exposureResponseSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const traced = q.userId === undefined ? undefined : await reportUser(db, caller, q.userId);
      const organizationIds = [...new Set([...(q.organizationId ? [q.organizationId] : []), ...q.organizationIds])];
      const filter = await callerFilter(db, caller, {
        organizationIds,
        organizationIdFilters: [],
        groupIds: [],
        groupIdFilters: [],
        startDate: q.startDate,
        endDate: q.endDate,
        view: 'org',
      });
      const span = { from: new Date(filter.range.from.getTime() - LOOK_BACK_MS), to: filter.range.to };
      const interactions = await exposureInteractions(db, span, {
        organizationIds: filter.organizationIds ?? [],
        groupIds: filter.groupIds,
        userId: traced?.id,
      });
      return {
        from: span.from.toISOString(),
        to: span.to.toISOString(),
        periodMs: q.periodMs,
        interactions,
        users: exposedUsers(interactions, q.periodMs, traced !== undefined),
      };
    },
  );
};
