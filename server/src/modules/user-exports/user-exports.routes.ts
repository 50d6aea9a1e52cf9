import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../contracts/fields';
import { userExportEndpoints } from '../../contracts/user-exports';
import { sendStoredCsv } from '../../storage/send-file';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createUserExportsService, EXPORT_PAGE, type UserExportsDeps } from './user-exports.service';

/** The screens that export users (docs/PERMISSIONS.md 'Decisions'); the handler checks the page of the export type asked for. */
const EXPORTING_PAGES = forPages(EXPORT_PAGE.users, EXPORT_PAGE.access);

/** The users CSV exports of the Users and Access Management screens: queue, poll, download. */
export const userExportsRoutes: FastifyPluginAsyncZod<UserExportsDeps> = async (app, deps) => {
  const service = createUserExportsService(deps);

  app.route({
    ...routeOf(userExportEndpoints.start),
    config: EXPORTING_PAGES,
    handler: async (request, reply) => reply.status(201).send(await service.start(callerOf(request), request.query)),
  });

  app.route({
    ...routeOf(userExportEndpoints.status),
    config: EXPORTING_PAGES,
    handler: async (request) => service.status(callerOf(request), request.params.jobId),
  });

  // The finished file, to its requester only: the local storage's download link.
  app.route({
    method: 'GET',
    url: '/exports/:jobId/file',
    schema: { params: z.object({ jobId: idParam }) },
    config: EXPORTING_PAGES,
    handler: async (request, reply) => {
      const { jobId } = request.params as { jobId: number };
      return sendStoredCsv(reply, await service.file(callerOf(request), jobId));
    },
  });
};
