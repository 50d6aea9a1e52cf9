import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nfcEndpoints } from '../../contracts/nfc';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { auditRead, personInQuery } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { withNfcWriteErrors } from './nfc-errors';
import { createNfcService } from './nfc.service';

/** The route table's NFC Tag Assignment row: {product} accounts holding NFC_TAGS. */
const NFC_ACCESS = forPages('/app/accounts/nfc');

/** The NFC tag calls (NFC Tag Assignment). */
export const nfcRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  // The tag list and a location's tags grow with the staff: they read with the report statement limit.
  const service = createNfcService(db, reportDb);

  app.route({
    ...routeOf(nfcEndpoints.list),
    config: NFC_ACCESS,
    handler: async (request) => service.list(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(nfcEndpoints.byNfcId),
    config: NFC_ACCESS,
    handler: async (request) => service.byNfcId(callerOf(request), request.params.nfcId),
  });

  app.route({
    ...routeOf(nfcEndpoints.data),
    config: { ...NFC_ACCESS, ...auditRead(personInQuery('none'), '/app/accounts/nfc') },
    handler: async (request) => service.data(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(nfcEndpoints.create),
    config: NFC_ACCESS,
    handler: async (request, reply) => {
      const tag = await withNfcWriteErrors(request.log, () => service.create(callerOf(request), request.body));
      return reply.code(201).send(tag);
    },
  });

  app.route({
    ...routeOf(nfcEndpoints.update),
    config: NFC_ACCESS,
    handler: async (request) => withNfcWriteErrors(request.log, () => service.update(callerOf(request), request.params.id, request.body)),
  });

  app.route({
    ...routeOf(nfcEndpoints.assignEvents),
    config: NFC_ACCESS,
    handler: async (request) => service.assignEvents(callerOf(request), request.params.id, request.query),
  });
};
