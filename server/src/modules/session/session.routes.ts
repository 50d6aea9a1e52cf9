import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionEndpoints } from '../../contracts/session';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { pruneRevokedSessions, revokeSession } from './revoked-sessions.repo';
import { forSignedIn } from '../../core/access';
import { routeOf } from '../../core/route-of';

const PRUNE_EVERY_MS = 60 * 60_000;

/** Sign-out on the server: the caller's sign-in is revoked for every API instance at once. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  let pruning: ReturnType<typeof setInterval> | undefined;
  const prune = () => {
    pruneRevokedSessions(db).catch((error: unknown) => app.log.warn({ err: error }, 'Could not prune revoked sessions'));
  };
  app.addHook('onReady', async () => {
    prune();
    pruning = setInterval(prune, PRUNE_EVERY_MS);
    pruning.unref();
  });
  app.addHook('onClose', async () => clearInterval(pruning));

  app.route({
    ...routeOf(sessionEndpoints.signOut),
    config: forSignedIn(),
    handler: async (request) => {
      const { user, session } = callerOf(request);
      if (!session.sessionId) return { revoked: false };
      await revokeSession(db, session.sessionId, user.id);
      return { revoked: true };
    },
  });
};
