import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeConfigSchema, type RuntimeConfig } from '../../contracts/config';
import { forPublic } from '../../core/access';

/** GET /config.json: what the built app needs to reach the identity provider, the API and realtime. */
export const configRoutes: FastifyPluginAsyncZod<{ runtimeConfig: RuntimeConfig }> = async (app, { runtimeConfig }) => {
  app.get('/config.json', { config: forPublic, schema: { response: { 200: runtimeConfigSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig;
  });
};
