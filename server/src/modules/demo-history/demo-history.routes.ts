import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoHistoryEndpoints } from '../../contracts/demo-history';
import { forSignedIn } from '../../core/access';
import { routeOf } from '../../core/route-of';
import type { DemoHistoryTracker } from './demo-history.service';

/** GET /demo-history: how far the demo history is written, for the console's notice. */
export const demoHistoryRoutes: FastifyPluginAsyncZod<{ tracker: DemoHistoryTracker }> = async (app, { tracker }) => {
  app.route({
    ...routeOf(demoHistoryEndpoints.get),
    config: forSignedIn(),
    handler: async () => tracker.current(),
  });
};
