import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ingestBatchSchema, ingestResponseSchema } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { authenticateGateway } from '../../core/gateway-auth';
import { IngestError, ingestEvents } from './ingest.service';
import { forGateways } from '../../plugins/access';

/**
 * POST /ingest/events: a gateway's batch of sensor events. The gateway names itself in
 * X-Gateway-Mac and proves it with `Authorization: Bearer <its token>`; it must be an active
 * gateway of the fleet. A batch is stored whole or refused whole.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string }> = async (app, { db, secret }) => {
  app.post(
    '/ingest/events',
    {
      bodyLimit: 8 * 1_048_576,
      config: forGateways,
      schema: { body: ingestBatchSchema, response: { 200: ingestResponseSchema } },
    },
    async (request) => {
      const gateway = await authenticateGateway(db, secret, request);
      try {
        return await ingestEvents(db, request.body.events, { gateway });
      } catch (error) {
        if (error instanceof IngestError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
};
