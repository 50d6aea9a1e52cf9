import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorEndpoints } from '../../contracts/editor';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { sendEditorRefusal } from './editor-errors';
import { createEditorService } from './editor.service';

const EDITOR_PAGE = forPages('/app/maintenance/editor');

/** The Location Editor's calls (GET and POST /groups/editor): load a location's entities, save the changes. */
export const editorRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createEditorService(db, app.log);
  // A refused save names its item or its conflicts; every other error goes to the app's handler.
  app.setErrorHandler(sendEditorRefusal);

  app.route({
    ...routeOf(editorEndpoints.load),
    config: EDITOR_PAGE,
    handler: async (request) => service.load(callerOf(request), request.query.groupId),
  });

  app.route({
    ...routeOf(editorEndpoints.save),
    config: EDITOR_PAGE,
    handler: async (request) => service.save(callerOf(request), request.query.groupId, request.body),
  });
};
