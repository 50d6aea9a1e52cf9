import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { verifyApiRequest } from './api-auth';
import { channelInfo, channelUsers, listChannels } from './api-channels';
import { triggerBatch, triggerEvent } from './api-events';
import { fail, type ApiResult } from './api-result';
import type { AppEntry, ChannelRegistry } from './registry';

/** Ten events of 10 KB each, doubly JSON-escaped, fit comfortably. */
const MAX_BODY_BYTES = 256 * 1024;

type Route = (registry: ChannelRegistry, query: URLSearchParams, body: unknown) => ApiResult;

/** Maps `METHOD /path-after-/apps/{id}` to a handler; path segments are already decoded. */
function findRoute(method: string, segments: string[]): Route | undefined {
  const [first, second, third, ...rest] = segments;
  if (rest.length > 0) return undefined;
  if (method === 'POST' && first === 'events' && second === undefined) return (registry, _q, body) => triggerEvent(registry, body);
  if (method === 'POST' && first === 'batch_events' && second === undefined) return (registry, _q, body) => triggerBatch(registry, body);
  if (method !== 'GET' || first !== 'channels') return undefined;
  if (second === undefined) return (registry, query) => listChannels(registry, query);
  if (third === undefined) return (registry, query) => channelInfo(registry, second, query);
  if (third === 'users') return (registry) => channelUsers(registry, second);
  return undefined;
}

/** Request listener for the Pusher REST API (`/apps/{appId}/…`), authenticated the way the `pusher` SDK signs. */
export function createHttpApiHandler(appsById: ReadonlyMap<string, AppEntry>): RequestListener {
  return (req, res) => {
    handle(req, appsById)
      .then((result) => respond(res, result))
      .catch(() => respond(res, fail(500, 'Internal server error')));
  };
}

async function handle(req: IncomingMessage, appsById: ReadonlyMap<string, AppEntry>): Promise<ApiResult> {
  const method = (req.method ?? 'GET').toUpperCase();
  const rawUrl = req.url ?? '/';
  const queryStart = rawUrl.indexOf('?');
  // The SDK signs the path exactly as it sends it, so sign-check the raw path, not a normalised one.
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1));
  if (method === 'GET' && (path === '/' || path === '/ready')) return { status: 200, text: 'OK' };

  const segments = decodeSegments(path);
  if (!segments || segments[0] !== 'apps' || segments[1] === undefined) return fail(404, 'Not found');
  const route = findRoute(method, segments.slice(2));
  if (!route) return fail(404, `No route for ${method} ${path}`);

  const body = await readBody(req);
  if (body === 'too-large') return fail(413, `Request body too large (the limit is ${MAX_BODY_BYTES} bytes)`);
  const entry = appsById.get(segments[1]);
  if (!entry) return fail(404, `Unknown app ID: ${segments[1]}`);
  const auth = verifyApiRequest(entry.app, { method, path, query, body });
  if (!auth.ok) return fail(401, auth.message);

  let json: unknown;
  if (method === 'POST') {
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return fail(400, 'Request body is not valid JSON');
    }
  }
  return route(entry.registry, query, json);
}

function decodeSegments(path: string): string[] | undefined {
  try {
    return path.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    return Promise.resolve('too-large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      req.resume();
      resolve('too-large');
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function respond(res: ServerResponse, result: ApiResult): void {
  if (res.headersSent) return;
  // After a 413 the client may still be uploading the rest of the body; don't reuse the socket.
  if (result.status === 413) res.setHeader('connection', 'close');
  if ('json' in result) {
    res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.json));
  } else {
    res.writeHead(result.status, { 'content-type': 'text/plain; charset=utf-8' }).end(result.text);
  }
}
