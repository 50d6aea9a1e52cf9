import type { FastifyInstance } from 'fastify';

/**
 * Accepts form-encoded bodies in `app`'s encapsulation context: pusher-js posts its default
 * channel authorization request that way. Fastify refuses a second parser for the same content
 * type in one context, so each plugin that signs channels calls this once, in its own context.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
