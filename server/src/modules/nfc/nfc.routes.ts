import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNfcTagBodySchema,
  nfcAssignEventsQuerySchema,
  nfcAssignEventsResponseSchema,
  nfcDataQuerySchema,
  nfcDataResponseSchema,
  nfcIdParamsSchema,
  nfcTagParamsSchema,
  nfcTagSchema,
  nfcTagsQuerySchema,
  nfcTagsResponseSchema,
  updateNfcTagBodySchema,
} from '../../contracts/nfc';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { withNfcWriteErrors } from './nfc-errors';
import { createNfcService } from './nfc.service';
import { forPages } from '../../plugins/access';
import { auditRead, personInQuery } from '../../plugins/audit';

/** The route table's NFC Tag Assignment row: {product} accounts holding NFC_TAGS. */
const NFC_ACCESS = forPages('/app/accounts/nfc');

/** The NFC tag calls of 03 §7 (NFC Tag Assignment). */
export const nfcRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  // The tag list and a location's tags grow with the staff: they read with the report statement limit.
  const service = createNfcService(db, reportDb);

  app.get(
    '/nfc-tags',
    { config: NFC_ACCESS, schema: { querystring: nfcTagsQuerySchema, response: { 200: nfcTagsResponseSchema } } },
    async (request) => service.list(callerOf(request), request.query),
  );

  app.get(
    '/nfc/nfcId/:nfcId',
    { config: NFC_ACCESS, schema: { params: nfcIdParamsSchema, response: { 200: nfcTagSchema } } },
    async (request) => service.byNfcId(callerOf(request), request.params.nfcId),
  );

  app.get(
    '/nfc/nfc-data',
    { config: { ...NFC_ACCESS, ...auditRead(personInQuery('none')) }, schema: { querystring: nfcDataQuerySchema, response: { 200: nfcDataResponseSchema } } },
    async (request) => service.data(callerOf(request), request.query),
  );

  app.post(
    '/nfc-tags',
    { config: NFC_ACCESS, schema: { body: createNfcTagBodySchema, response: { 201: nfcTagSchema } } },
    async (request, reply) => {
      const tag = await withNfcWriteErrors(request.log, () => service.create(callerOf(request), request.body));
      return reply.code(201).send(tag);
    },
  );

  app.patch(
    '/nfc-tags/:id',
    { config: NFC_ACCESS, schema: { params: nfcTagParamsSchema, body: updateNfcTagBodySchema, response: { 200: nfcTagSchema } } },
    async (request) => withNfcWriteErrors(request.log, () => service.update(callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/nfc-tags/:id/assign-events',
    {
      config: NFC_ACCESS,
      schema: { params: nfcTagParamsSchema, querystring: nfcAssignEventsQuerySchema, response: { 200: nfcAssignEventsResponseSchema } },
    },
    async (request) => service.assignEvents(callerOf(request), request.params.id, request.query),
  );
};
