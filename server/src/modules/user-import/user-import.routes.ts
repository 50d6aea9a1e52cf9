import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userImportEndpoints } from '../../contracts/user-import';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createUserImportService } from './user-import.service';

/** A full import (10,000 rows) is a few megabytes of JSON. */
const IMPORT_BODY_LIMIT = 8 * 1_048_576;

/** The Users page's Import Users dialog (POST users/bulk; docs/SCREENS.md 'Screens', Import Users). */
export const userImportRoutes: FastifyPluginAsyncZod<{ db: Database; identity: IdentityAdmin }> = async (app, deps) => {
  const service = createUserImportService(deps);

  app.route({
    ...routeOf(userImportEndpoints.bulk),
    bodyLimit: IMPORT_BODY_LIMIT,
    config: forPages('/app/accounts/users'),
    handler: async (request) => service.bulk(callerOf(request), request.body.data),
  });
};
