import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the build puts each page's copy of index.html (scripts/vite-page-shell.ts, PAGE_SHELL_DIR). */
const PAGES_DIR = 'pages';

/** The built app being served. */
export interface StaticApp {
  /** The addresses with a copy of index.html of their own, which preloads that page's code: path → file under the root. */
  pageShells: ReadonlyMap<string, string>;
}

/** Every `pages/{path}.html` of the build, by the address it is for. */
function findPageShells(root: string): Map<string, string> {
  const dir = path.join(root, PAGES_DIR);
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    found.set(`/${file.slice(PAGES_DIR.length + 1, -'.html'.length)}`, file);
  }
  return found;
}

/**
 * Serves the built PWA, compressed as the build left it: hashed assets cached for a year, the shell and the service worker
 * revalidated on every load, and any other GET outside /api answered with index.html so
 * client-side routes survive a reload (at a page's address, with its copy that preloads the page).
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<StaticApp | null> {
  const root = path.resolve(staticDir);
  if (!existsSync(path.join(root, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(root, filePath);
      res.header('Cache-Control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return { pageShells: findPageShells(root) };
}

/**
 * The CSP sources ('sha256-…') of the inline scripts in the built index.html (its first screen's
 * title script, scripts/vite-page-shell.ts), read once at start-up so they always match the build
 * that is served; none when there is no build.
 */
export function shellScriptHashes(staticDir: string): string[] {
  const file = path.join(path.resolve(staticDir), 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/**
 * Unknown API paths and files answer 404; other GETs get the app shell when it is served: the
 * page's own copy at a page's address (with or without a trailing slash), index.html elsewhere.
 */
export function registerNotFound(app: FastifyInstance, staticApp: StaticApp | null): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!staticApp || request.method !== 'GET' || isApi || path.extname(url)) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${url}` });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(staticApp.pageShells.get(url.replace(/\/+$/, '')) ?? 'index.html');
  });
}
