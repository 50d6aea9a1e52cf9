import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ingestBatchSchema, ingestQuerySchema, ingestResponseSchema } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { authenticateGateway } from '../../core/gateway-auth';
import { spanDeriver } from './span-deriver';
import { IngestError, ingestEvents } from './ingest.service';
import { forGateways } from '../../core/access';

/**
 * POST /ingest/events: a gateway's batch of sensor events. The gateway names itself in
 * X-Gateway-Mac and proves it with `Authorization: Bearer <its token>`; it must be an active
 * gateway of the fleet. A batch is stored whole or refused whole, and answered once the report
 * tables include it; with `?derive=deferred`, once it is stored, the report tables following
 * just after (span-deriver.ts). Spans an earlier run left pending are derived once the server is
 * ready.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string }> = async (app, { db, secret }) => {
  const deriver = spanDeriver(db, { onError: (error) => app.log.error({ err: error }, 'deriving stored batches failed; trying again shortly') });
  app.addHook('onReady', async () => deriver.resume());
  app.addHook('onClose', () => deriver.stop());
  app.post(
    '/ingest/events',
    {
      bodyLimit: 8 * 1_048_576,
      config: forGateways,
      schema: { body: ingestBatchSchema, querystring: ingestQuerySchema, response: { 200: ingestResponseSchema } },
    },
    async (request) => {
      const gateway = await authenticateGateway(db, secret, request);
      try {
        return await ingestEvents(db, request.body.events, { gateway, derive: request.query.derive === 'deferred' ? 'deferred' : true });
      } catch (error) {
        if (error instanceof IngestError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
};
