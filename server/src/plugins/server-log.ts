import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LogEnvironment, ServerLogEntry } from '../contracts/server-log';
import type { Env } from '../env';
import { buildEntry } from './server-log-entry';

/**
 * Where the entries go: modules/server-log's publisher, handed in by app.ts (ARCHITECTURE.md
 * 'Layers': a plugin uses no module's files but the entity modules' index.ts).
 */
export interface ServerLogSink {
  /** Whether entries are wanted now: someone may be listening (or the server cannot tell). */
  wanted(): boolean;
  add(entry: ServerLogEntry): void;
  close(): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The message of the error that answered the request, for the server log. */
    logError: string | null;
  }
}

/** The deployment's environment as the log names it: LAVO_ENV when set, else from NODE_ENV. */
export function logEnvironmentOf(env: Pick<Env, 'NODE_ENV' | 'LAVO_ENV'>): LogEnvironment {
  if (env.LAVO_ENV) return env.LAVO_ENV;
  return ({ production: 'prod', test: 'test', development: 'dev' } as const)[env.NODE_ENV];
}

/**
 * Publishes every answered API request (under /api) to the Server Logs page through `publisher`.
 * The entry is built once the answer has gone out (onResponse), only while someone may be
 * listening, and publishing happens later, batched: a request never waits for the log, and a
 * failure of the log never reaches a request.
 */
export function registerServerLog(app: FastifyInstance, { publisher, env }: { publisher: ServerLogSink; env: LogEnvironment }): void {
  const prefix = randomBytes(4).toString('hex');
  let sequence = 0;
  app.decorateRequest('logError', null);
  app.addHook('onError', async (request, _reply, error) => {
    request.logError = error.message;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || !publisher.wanted()) return;
    try {
      const access = request.routeOptions.config.access;
      publisher.add(
        buildEntry({
          id: `${prefix}-${++sequence}`,
          env,
          method: request.method,
          url: request.url,
          headers: request.headers,
          query: request.query,
          body: request.body,
          status: reply.statusCode,
          durationMs: reply.elapsedTime,
          answeredAt: Date.now(),
          error: request.logError,
          gatewayRoute: access === 'gateway',
          ingest: request.routeOptions.url === '/api/ingest/events',
          gatewayGroupId: request.gateway?.groupId ?? null,
          userId: request.caller?.user.id ?? null,
        }),
      );
    } catch (error) {
      request.log.warn({ err: error }, 'could not log the request for the server log');
    }
  });
  app.addHook('onClose', async () => publisher.close());
}
