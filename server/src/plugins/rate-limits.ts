import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { normalizeUsername } from '../contracts/account-access';
import { provenGatewayMac } from '../core/gateway-auth';
import { provenThingId } from '../core/thing-auth';
import { HttpError } from '../core/http-error';

const MINUTE_MS = 60_000;

/** A user name a request acts on, read from its validated query or body. */
type NameOf = (request: FastifyRequest) => unknown;

interface RouteLimit {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Calls a minute from one client address (a hospital's staff may share one). */
  perAddress: number;
  /** Calls a minute that act on one user name, whoever makes them. */
  perName?: { max: number; of: NameOf };
}

const field = (where: 'query' | 'body', name: string): NameOf => (request) => (request[where] as Record<string, unknown> | undefined)?.[name];

/**
 * Limits of the routes around sign-in, far above what people do: a lookup runs once per app load,
 * and an email (verification, invitation) or a password change for one person is a matter of a
 * few clicks. A name lookup has no per-name limit: asking for one name again tells nothing new.
 */
export const ACCOUNT_ROUTE_LIMITS: readonly RouteLimit[] = [
  { method: 'GET', url: '/api/users/username', perAddress: 300 },
  { method: 'POST', url: '/api/users/verify-email', perAddress: 60, perName: { max: 5, of: field('body', 'username') } },
  { method: 'POST', url: '/api/users/resend-invite', perAddress: 60, perName: { max: 5, of: field('body', 'Username') } },
  { method: 'PUT', url: '/api/users/set-password', perAddress: 60, perName: { max: 10, of: field('body', 'username') } },
];

/**
 * Limits of the app's crash reports (contracts/client-errors.ts), per client address. A ward's
 * tablets share one address, and each sends an error once a minute however often it repeats
 * (src/lib/crash-reports.ts): sixty a minute is far above one ward's crashes, and past it the
 * same failure has been heard already. Before sign-in, where anyone may post, ten.
 */
export const CLIENT_ERROR_ROUTE_LIMITS: readonly RouteLimit[] = [
  { method: 'POST', url: '/api/client-errors', perAddress: 60 },
  { method: 'POST', url: '/api/client-errors/anonymous', perAddress: 10 },
];

/** Requests with a missing or wrong gateway token that one address may make a minute. */
export const BAD_GATEWAY_TOKEN_LIMIT = 30;

/** Requests with a missing or wrong thing token that one address may make a minute (the IoT things' own routes). */
export const BAD_THING_TOKEN_LIMIT = 30;

/** The routes gateways call with their own token (ingest, their station and channels). */
const GATEWAY_PATH_PREFIXES = ['/api/ingest/', '/api/gateways/'];

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The client's address as a trusted proxy reports it (IPv6 by its /64, as one host usually holds
 * it). A request whose connection has already closed has none: it is counted under 'unknown'
 * rather than failing (its answer reaches nobody).
 */
export const addressOf = (request: Pick<FastifyRequest, 'ip'>) => (request.ip ? normalizeIP(request.ip) : 'unknown');

async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, what: string): Promise<void> {
  const state = await limiter(request);
  if (state.isAllowed || !state.isExceeded) return;
  const seconds = Math.max(1, state.ttlInSeconds);
  reply.header('Retry-After', String(seconds));
  throw new HttpError(429, `Too many requests ${what}: try again in ${seconds} seconds`);
}

function appendHook(route: RouteOptions, name: 'onRequest' | 'preHandler', hook: Hook): void {
  const existing = route[name] as Hook | Hook[] | undefined;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  // Fastify builds a GET's HEAD route from the GET's options, which may already carry the hook.
  if (!hooks.includes(hook)) route[name] = [...hooks, hook] as RouteOptions[typeof name];
}

function accountHook(app: FastifyInstance, limit: RouteLimit): Hook {
  const byAddress = app.createRateLimit({ max: limit.perAddress, timeWindow: MINUTE_MS, keyGenerator: addressOf });
  const perName = limit.perName;
  const nameOf = (request: FastifyRequest) => {
    const value = perName?.of(request);
    return typeof value === 'string' && value.trim() ? normalizeUsername(value) : null;
  };
  const byName = perName && app.createRateLimit({ max: perName.max, timeWindow: MINUTE_MS, keyGenerator: (r) => nameOf(r) ?? '' });
  return async (request, reply) => {
    await enforce(byAddress, request, reply, 'from this address');
    if (byName && nameOf(request)) await enforce(byName, request, reply, 'for this user');
  };
}

/** Limits an address's requests with bad credentials; a caller that proves who it is is never limited, however many bad requests share its address. */
function badCredentialsHook(app: FastifyInstance, max: number, proven: (request: FastifyRequest) => boolean, what: string): Hook {
  const byAddress = app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: addressOf });
  return async (request, reply) => {
    if (proven(request)) return;
    await enforce(byAddress, request, reply, what);
  };
}

/**
 * Per-minute limits, counted in this instance's memory (several API instances each count their
 * own): the account routes of ACCOUNT_ROUTE_LIMITS and the crash reports of
 * CLIENT_ERROR_ROUTE_LIMITS, checked once the caller is authenticated and the input valid (so the
 * name is known, and a refused body costs no report), and requests with a bad gateway or thing token, checked before
 * anything else is read. A limited request answers 429 with Retry-After. Register before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, { ingestSecret }: { ingestSecret: string }): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
  const accountHooks = new Map([...ACCOUNT_ROUTE_LIMITS, ...CLIENT_ERROR_ROUTE_LIMITS].map((limit) => [`${limit.method} ${limit.url}`, accountHook(app, limit)]));
  const badTokenHook = badCredentialsHook(app, BAD_GATEWAY_TOKEN_LIMIT, (r) => provenGatewayMac(ingestSecret, r) !== null, 'with a missing or wrong gateway token from this address');
  const badThingHook = badCredentialsHook(app, BAD_THING_TOKEN_LIMIT, (r) => provenThingId(ingestSecret, r) !== null, 'with a missing or wrong thing token from this address');
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A HEAD request runs the GET's handler, so it counts as the GET.
    const keys = methods.map((method) => `${method === 'HEAD' ? 'GET' : method} ${route.url}`);
    const accountLimit = keys.map((key) => accountHooks.get(key)).find((hook) => hook !== undefined);
    if (accountLimit) appendHook(route, 'preHandler', accountLimit);
    // A console page's route under these paths (the Gateways page's setup) carries a user's token, not a gateway's.
    const access = (route.config as { access?: unknown } | undefined)?.access;
    const forUsers = typeof access === 'object' || access === 'signed-in';
    if (access === 'thing') appendHook(route, 'onRequest', badThingHook);
    else if (!forUsers && GATEWAY_PATH_PREFIXES.some((prefix) => route.url.startsWith(prefix))) appendHook(route, 'onRequest', badTokenHook);
  });
}
