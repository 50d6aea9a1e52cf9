import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ingestBatchSchema, ingestResponseSchema, macSchema } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { isGatewayToken } from './gateway-auth';
import { IngestError, ingestEvents } from './ingest.service';

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
      schema: { body: ingestBatchSchema, response: { 200: ingestResponseSchema } },
    },
    async (request) => {
      const mac = macSchema.safeParse(request.headers['x-gateway-mac']);
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!mac.success || !token || !isGatewayToken(secret, mac.data, token)) {
        throw new HttpError(401, 'A gateway MAC (X-Gateway-Mac) and its token are required');
      }
      const [gateway] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.mac, mac.data), eq(devices.type, 'GATEWAY')));
      if (!gateway) throw new HttpError(403, `Gateway ${mac.data} is not part of the fleet`);
      if (!gateway.active) throw new HttpError(403, `Gateway ${mac.data} is inactive`);
      try {
        return await ingestEvents(db, request.body.events, { gateway });
      } catch (error) {
        if (error instanceof IngestError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
};
