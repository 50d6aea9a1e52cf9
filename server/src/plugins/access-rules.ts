import type { FastifyContextConfig, FastifyInstance } from 'fastify';

// The route access helpers live in core/access.ts, where the modules declare their routes with
// them; this plugin holds every API route to declaring one (ARCHITECTURE.md 'Layers').

/** Paths whose routes must each declare who may call them. */
const isGuarded = (url: string) => url === '/config.json' || url === '/api' || url.startsWith('/api/');

/** Refuses to register an API route that declares no access rule, or one that contradicts its auth mode. */
export function requireAccessRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isGuarded(route.url)) return;
    const config = (route.config ?? {}) as FastifyContextConfig;
    const where = `${String(route.method)} ${route.url}`;
    if (config.access === undefined) throw new Error(`${where} declares no access rule (config.access; docs/PERMISSIONS.md)`);
    const open = config.access === 'public' || config.access === 'gateway' || config.access === 'thing';
    if (open !== ((config.auth ?? 'public') === 'public')) throw new Error(`${where}: access '${JSON.stringify(config.access)}' does not fit auth '${config.auth}'`);
  });
}
