import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSubscriptionEndpoints } from '../../contracts/email-subscriptions';
import type { Database } from '../../db/client';
import { feature, forPages } from '../../core/access';
import { auditRead, personInParams } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createEmailSubscriptionsService } from './email-subscriptions.service';

/** The Edit User dialog's compliance-report field, shown only to holders of USER_EMAIL. */
const EMAIL_FIELD = forPages(feature('/app/accounts/users', 'USER_EMAIL'));

/** GET, POST and DELETE /users/{id}/emails. */
export const emailSubscriptionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createEmailSubscriptionsService(db);

  app.route({
    ...routeOf(emailSubscriptionEndpoints.list),
    config: { ...EMAIL_FIELD, ...auditRead(personInParams, '/app/accounts/users') },
    handler: async (request) => service.list(callerOf(request), request.params.id),
  });

  app.route({
    ...routeOf(emailSubscriptionEndpoints.add),
    config: EMAIL_FIELD,
    handler: async (request) => service.add(callerOf(request), request.params.id, request.body),
  });

  app.route({
    ...routeOf(emailSubscriptionEndpoints.remove),
    config: EMAIL_FIELD,
    handler: async (request) => service.remove(callerOf(request), request.params.id, request.query.id),
  });
};
