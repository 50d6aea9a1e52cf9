import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { GROUP_NUMBER_FIELDS, FLOORPLAN_MAX_BYTES, FLOORPLAN_ROUTE, FLOORPLAN_SIZE_MESSAGE, floorplanParamsSchema, groupEndpoints } from '../../contracts/organizations';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import type { FileStorage } from '../../storage';
import { createLocationsAdminService } from './locations-admin.service';

/** The pages that draw a location's floor plan. */
const FLOORPLAN_PAGES = forPages('/app/accounts/locations', '/app/reports/dispenser-activity', '/app/maintenance/editor', '/app/maintenance/path-builder');

/** Reads the one file part into memory (it is at most FLOORPLAN_MAX_BYTES); a bigger one is refused with 413. */
async function readFilePart(this: unknown, part: MultipartFile) {
  try {
    (part as MultipartFile & { value: unknown }).value = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, FLOORPLAN_SIZE_MESSAGE);
    throw error;
  }
}

/** A multipart form's numbers arrive as text: read them as the JSON numbers the contract takes. */
function formNumbers(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const key of GROUP_NUMBER_FIELDS) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    if (value.trim() === '') {
      if (key === 'mapScale') out[key] = null;
      else delete out[key];
    } else if (/^\d{1,10}(\.\d{1,6})?$/.test(value.trim())) out[key] = Number(value.trim());
  }
  return out;
}

/** The Locations screen's calls: the tree, POST groups and floor plans. */
export const locationsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (app, { db, storage }) => {
  const service = createLocationsAdminService(db, storage);

  app.route({
    ...routeOf(groupEndpoints.tree),
    config: forPages('/app/accounts/locations', '/app/accounts/organizations'),
    handler: async (request) => service.tree(callerOf(request)),
  });

  app.route({
    method: 'GET',
    url: FLOORPLAN_ROUTE,
    schema: { params: floorplanParamsSchema },
    config: FLOORPLAN_PAGES,
    handler: async (request, reply) => {
      const { id, file } = request.params as { id: number; file: string };
      const plan = await service.floorplan(callerOf(request), id, file);
      // The address names the content (its hash): the browser and the service worker may keep it.
      return reply.header('content-type', plan.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(plan.stream);
    },
  });

  // POST groups is multipart (the form's fields and the floor-plan image); the parser is scoped to it.
  await app.register(async (form) => {
    await form.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: readFilePart,
      limits: { fileSize: FLOORPLAN_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 21, headerPairs: 100 },
    });
    // Requests whose form the parser read: any later failure is not the body's.
    const formRead = new WeakSet<object>();
    form.addHook('preValidation', async (request) => {
      formRead.add(request);
      if (request.isMultipart() && request.body && typeof request.body === 'object') request.body = formNumbers(request.body as Record<string, unknown>);
    });
    // A body that is not the multipart form it claims to be (no boundary, cut short) is the caller's fault.
    form.setErrorHandler((error: FastifyError, request) => {
      const unread = request.isMultipart() && !formRead.has(request) && !(error instanceof HttpError) && (error.statusCode ?? 500) >= 500;
      throw unread ? new HttpError(400, 'The form could not be read: the body is not a valid multipart form') : error;
    });
    form.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(groupEndpoints.save),
      config: forPages('/app/accounts/locations'),
      handler: async (request) => service.save(callerOf(request), request.body),
    });
  });
};
