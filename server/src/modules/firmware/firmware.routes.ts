import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIRMWARE_FILE_ROUTE, firmwareEndpoints, firmwareFileParamsSchema } from '../../contracts/firmware';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { routeOf } from '../../core/route-of';
import type { FileStorage } from '../../storage';
import { sendStoredFile } from '../../storage/send-file';
import { createFirmwareService } from './firmware.service';

/** The route table's Versions row: LAVO accounts holding FIRMWARE. */
const VERSIONS_PAGE = forPages('/app/maintenance/versions');

/** The Versions page's calls: GET firmware/versions?modelId=, and a version's image. */
export const firmwareRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (app, { db, storage }) => {
  const service = createFirmwareService(db, storage);

  app.route({
    ...routeOf(firmwareEndpoints.versions),
    config: VERSIONS_PAGE,
    handler: async (request) => service.versions(request.query.modelId),
  });

  // Streamed through the API from either storage (no presigned link): the browser fetches it with
  // the sign-in, and a redirect to a bucket would need the bucket's CORS for that fetch.
  app.route({
    method: 'GET',
    url: FIRMWARE_FILE_ROUTE,
    schema: { params: firmwareFileParamsSchema },
    config: VERSIONS_PAGE,
    handler: async (request, reply) => sendStoredFile(reply, await service.file(request.params.id), 'application/octet-stream'),
  });
};
