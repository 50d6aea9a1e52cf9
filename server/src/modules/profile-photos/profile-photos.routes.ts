import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PHOTO_BYTES, photoFileParamsSchema, photoParamsSchema, photoUploadResponseSchema, PROFILE_PHOTO_MESSAGES } from '../../contracts/profile-photos';
import { HttpError } from '../../core/http-error';
import type { Database } from '../../db/client';
import { forSignedIn } from '../../core/access';
import { auditRead, personInParams } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import type { FileStorage } from '../../storage';
import { createProfilePhotosService } from './profile-photos.service';

/** A multipart error's status: too large (413), or a body that is not the form it says (400). */
const multipartRefusal = (error: unknown): HttpError => {
  const status = (error as { statusCode?: number }).statusCode;
  return status === 413 ? new HttpError(413, PROFILE_PHOTO_MESSAGES.tooBig) : new HttpError(400, PROFILE_PHOTO_MESSAGES.noFile);
};

/**
 * Profile photos: POST /users/{id}/photo uploads one (multipart, field 'file') and makes it the
 * user's picture; GET /users/{id}/photo/{name} serves it. Open to every signed-in user for their
 * own photo; the handler checks the rest (a Users page holder for a user in their scope).
 */
export const profilePhotosRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (app, deps) => {
  const service = createProfilePhotosService(deps);
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1 } });

  app.route({
    method: 'POST',
    url: '/users/:id/photo',
    schema: { params: photoParamsSchema, response: { 200: photoUploadResponseSchema } },
    config: forSignedIn(),
    handler: async (request) => {
      const target = await service.editable(callerOf(request), request.params.id);
      if (!request.isMultipart()) throw new HttpError(415, PROFILE_PHOTO_MESSAGES.noFile);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, PROFILE_PHOTO_MESSAGES.noFile);
        bytes = await file.toBuffer();
      } catch (error) {
        throw error instanceof HttpError ? error : multipartRefusal(error);
      }
      return service.upload(target, bytes);
    },
  });

  app.route({
    method: 'GET',
    url: '/users/:id/photo/:name',
    schema: { params: photoFileParamsSchema },
    config: { ...forSignedIn(), ...auditRead(personInParams) },
    handler: async (request, reply) => {
      const photo = await service.photo(callerOf(request), request.params.id, request.params.name);
      // A photo's name is its content hash: what is under a name never changes.
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(photo.stream);
    },
  });
};
