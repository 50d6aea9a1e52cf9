import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyEndpoints } from '../../contracts/privacy';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { asRecord, auditRead, personInQuery } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createDescriptionService } from './description.service';
import { createPrivacyService } from './privacy.service';

/** The pages whose reads of another person's figures wait for a stated purpose (docs/PRIVACY.md 'A purpose first'). */
const PERSONAL_PAGES = forPages('/app/reports/user-overview', '/app/reports/activity-breakdown', '/app/reports/staff-rounding', '/app/reports/contact-tracing');

/** The person the trail is filtered by, if any. */
const personFilter = (request: FastifyRequest): number | null => {
  const id = asRecord(request.query).personUserId;
  return typeof id === 'number' ? id : null;
};

/** Privacy by design: purposes, the access log of one's own data, and the audit trail (docs/PRIVACY.md). */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  const service = createPrivacyService(db, reportDb);
  const description = createDescriptionService(db);

  app.route({
    ...routeOf(privacyEndpoints.statePurpose),
    config: PERSONAL_PAGES,
    handler: async (request) => service.statePurpose(callerOf(request), request.body),
  });

  app.route({
    ...routeOf(privacyEndpoints.purposes),
    config: PERSONAL_PAGES,
    handler: async (request) => service.purposes(callerOf(request)),
  });

  // The caller's own data: audited as a read of it.
  app.route({
    ...routeOf(privacyEndpoints.accessLog),
    config: { ...forPages('/app/settings/my-account'), ...auditRead(personInQuery(), '/app/settings/my-account') },
    handler: async (request) => service.accessLog(callerOf(request), request.query),
  });

  // A read about many people at once: audited, with the person it names when filtered by one.
  app.route({
    ...routeOf(privacyEndpoints.auditTrail),
    config: { ...forPages('/app/accounts/audit-trail'), ...auditRead(personFilter, '/app/accounts/audit-trail') },
    handler: async (request) => service.auditTrail(callerOf(request), request.query),
  });

  // What the organization collects and who sees it (docs/PRIVACY.md 'The description for the works
  // council'): about no one person, audited as a read as the trail is.
  app.route({
    ...routeOf(privacyEndpoints.description),
    config: { ...forPages('/app/accounts/privacy-description'), ...auditRead(() => null, '/app/accounts/privacy-description') },
    handler: async (request) => description.describe(callerOf(request), request.query),
  });
};
