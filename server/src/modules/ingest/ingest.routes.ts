import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ingestBatchSchema, ingestQuerySchema, ingestResponseSchema } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { authenticateGateway } from '../../core/gateway-auth';
import { deferredDeriver } from './deferred';
import { IngestError, ingestEvents } from './ingest.service';
import { forGateways } from '../../plugins/access';

/**
 * POST /ingest/events: a gateway's batch of sensor events. The gateway names itself in
 * X-Gateway-Mac and proves it with `Authorization: Bearer <its token>`; it must be an active
 * gateway of the fleet. A batch is stored whole or refused whole. With `?derive=deferred` the
 * report tables are recomputed just after the answer rather than before it (deferred.ts); spans
 * an earlier run left pending are derived once the server is ready.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string }> = async (app, { db, secret }) => {
  const deriver = deferredDeriver(db, { onError: (error) => app.log.error({ err: error }, 'deferred derivation failed; trying again shortly') });
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
