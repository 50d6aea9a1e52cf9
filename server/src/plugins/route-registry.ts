import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One route as it was registered: what the permission and input tests walk. */
export interface RegisteredRoute {
  method: HTTPMethods;
  /** The full path with its prefix, e.g. '/api/nfc-tags/:id'. */
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the registry, HEAD routes left out (Fastify adds one per GET). */
    registeredRoutes(): readonly RegisteredRoute[];
  }
}

/** Records every route as it is registered; register it before any route. */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', () => routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig, schema: route.schema });
    }
  });
}
