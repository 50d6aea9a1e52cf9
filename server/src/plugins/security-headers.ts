import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '../contracts/config';
import { contentSecurityPolicy } from './content-security-policy';

/** What browsers are told to remember about HTTPS, sent only on answers that went out over HTTPS. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Whether the request came over HTTPS: TLS at this server, or a trusted proxy's X-Forwarded-Proto
 * (Fastify believes it only from the peers of `trustProxy`, TRUST_PROXY). A scheme is
 * case-insensitive, so 'HTTPS' counts too.
 */
export const cameOverHttps = (request: FastifyRequest) => request.protocol?.toLowerCase() === 'https';

/**
 * Security headers on every answer (helmet): the CSP of `contentSecurityPolicy`, no framing, no
 * MIME sniffing, no Referer (invitation and reset links carry codes in their address), and the
 * cross-origin isolation headers that leave the identity provider and Pusher calls working (no
 * Cross-Origin-Embedder-Policy: nothing needs cross-origin isolation). HSTS goes out only on HTTPS
 * answers (TLS at the server, or X-Forwarded-Proto from a trusted proxy): a browser ignores it over
 * plain HTTP, and `npm start` serves plain HTTP. API answers are never stored (`no-store`), errors
 * included; register this before any hook that may fail a request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { runtimeConfig, scriptHashes }: { runtimeConfig: RuntimeConfig; scriptHashes: readonly string[] },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(runtimeConfig, scriptHashes) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (cameOverHttps(request)) reply.header('Strict-Transport-Security', HSTS_VALUE);
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
}
