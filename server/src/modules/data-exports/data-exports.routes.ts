import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportEndpoints } from '../../contracts/reports/data-exports';
import { idParam } from '../../contracts/fields';
import { sendStoredCsv } from '../../storage/send-file';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createDataExportsService, type DataExportsDeps } from './data-exports.service';

/** The Data Exports page; adding an export is for employees, which the handler checks (docs/PERMISSIONS.md). */
const DATA_EXPORTS_PAGE = forPages('/app/reports/data-exports');

export const dataExportsRoutes: FastifyPluginAsyncZod<DataExportsDeps> = async (app, deps) => {
  const service = createDataExportsService(deps);

  app.route({ ...routeOf(dataExportEndpoints.list), config: DATA_EXPORTS_PAGE, handler: async (request) => service.list(callerOf(request)) });

  app.route({
    ...routeOf(dataExportEndpoints.create),
    config: DATA_EXPORTS_PAGE,
    handler: async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  });

  app.route({ ...routeOf(dataExportEndpoints.requests), config: DATA_EXPORTS_PAGE, handler: async (request) => service.requests(callerOf(request)) });

  app.route({
    ...routeOf(dataExportEndpoints.request),
    config: DATA_EXPORTS_PAGE,
    handler: async (request, reply) => reply.status(201).send(await service.request(callerOf(request), request.params.id, request.query as Record<string, string>)),
  });

  // The file of a finished request, to its requester only: the local storage's download link.
  app.route({
    method: 'GET',
    url: '/data-exports/requests/:id/file',
    schema: { params: z.object({ id: idParam }) },
    config: DATA_EXPORTS_PAGE,
    handler: async (request, reply) => {
      const { id } = request.params as { id: number };
      return sendStoredCsv(reply, await service.file(callerOf(request), id));
    },
  });
};
