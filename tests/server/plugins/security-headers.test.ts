import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRUST_PROXY, loadEnv } from '../../../server/src/env';
import { registerSecurityHeaders } from '../../../server/src/plugins/security-headers';
import { runtimeConfigFromEnv } from '../../../server/src/runtime';

// Strict-Transport-Security goes out on the answers to requests that came over HTTPS, and only
// those: TLS at the server, or X-Forwarded-Proto from a proxy the server trusts (TRUST_PROXY).
// A browser that heard it over HTTPS refuses plain HTTP to the host for a year, so an answer over
// plain HTTP, or to a peer merely claiming HTTPS, must not carry it.

const HSTS = 'max-age=31536000; includeSubDomains';
const runtimeConfig = runtimeConfigFromEnv(loadEnv({ COGNITO_USER_POOL_ID: 'us-east-1_abc', COGNITO_CLIENT_ID: 'client' }));

/** A server with the security headers and an API route, as buildApp puts them together. */
async function serverWith(options: FastifyServerOptions & { https?: { key: Buffer; cert: Buffer } }): Promise<FastifyInstance> {
  const app = Fastify(options as FastifyServerOptions) as unknown as FastifyInstance;
  await registerSecurityHeaders(app, { runtimeConfig, scriptHashes: [] });
  app.get('/api/ping', async () => ({ ok: true }));
  app.get('/api/fails', async () => {
    throw Object.assign(new Error('refused'), { statusCode: 400 });
  });
  await app.ready();
  return app;
}

describe('HSTS behind a proxy', () => {
  let app: FastifyInstance;
  let untrusting: FastifyInstance;

  beforeAll(async () => {
    app = await serverWith({ trustProxy: DEFAULT_TRUST_PROXY });
    untrusting = await serverWith({ trustProxy: false });
  });
  afterAll(async () => {
    await app.close();
    await untrusting.close();
  });

  const hsts = async (server: FastifyInstance, url: string, remoteAddress: string, proto?: string) =>
    (await server.inject({ url, remoteAddress, headers: proto === undefined ? {} : { 'x-forwarded-proto': proto } })).headers['strict-transport-security'];

  it('is sent when a proxy on this host or a private network reports HTTPS, on answers and errors alike', async () => {
    for (const peer of ['127.0.0.1', '::1', '10.0.3.7', '172.17.0.2', '192.168.1.20', '::ffff:10.0.3.7', 'fd00::5']) {
      for (const url of ['/api/ping', '/api/fails', '/api/no-such-route']) expect(await hsts(app, url, peer, 'https'), `${peer} ${url}`).toBe(HSTS);
    }
    // A scheme is case-insensitive; a proxy behind another reports the last hop's scheme last.
    expect(await hsts(app, '/api/ping', '10.0.3.7', 'HTTPS')).toBe(HSTS);
    expect(await hsts(app, '/api/ping', '10.0.3.7', 'http, https')).toBe(HSTS);
  });

  it('is not sent over plain HTTP, nor when the proxy reports plain HTTP', async () => {
    expect(await hsts(app, '/api/ping', '127.0.0.1')).toBeUndefined();
    expect(await hsts(app, '/api/ping', '10.0.3.7', 'http')).toBeUndefined();
    expect(await hsts(app, '/api/ping', '10.0.3.7', 'https, http')).toBeUndefined();
  });

  it('is not sent when a peer that is no trusted proxy claims HTTPS', async () => {
    for (const peer of ['203.0.113.7', '2001:db8::7', '8.8.8.8']) expect(await hsts(app, '/api/ping', peer, 'https'), peer).toBeUndefined();
    // TRUST_PROXY=false believes no peer, this host's included.
    expect(await hsts(untrusting, '/api/ping', '127.0.0.1', 'https')).toBeUndefined();
  });
});

describe('HSTS with TLS at the server', () => {
  let dir: string;
  let tls: FastifyInstance;
  let plain: FastifyInstance;

  beforeAll(async () => {
    // A key and a self-signed certificate for localhost, made for the run.
    dir = await mkdtemp(path.join(tmpdir(), 'lavo-tls-'));
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', keyFile, '-out', certFile]);
    tls = await serverWith({ trustProxy: DEFAULT_TRUST_PROXY, https: { key: await readFile(keyFile), cert: await readFile(certFile) } });
    plain = await serverWith({ trustProxy: DEFAULT_TRUST_PROXY });
    await Promise.all([tls.listen({ host: '127.0.0.1', port: 0 }), plain.listen({ host: '127.0.0.1', port: 0 })]);
  }, 60_000);
  afterAll(async () => {
    await tls?.close();
    await plain?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const port = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;

  it('is sent on answers that went out over TLS', async () => {
    const header = await new Promise<unknown>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port: port(tls), path: '/api/ping', rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.headers['strict-transport-security']);
        })
        .on('error', reject);
    });
    expect(header).toBe(HSTS);
  });

  it('is not sent by the same server over plain HTTP', async () => {
    const res = await fetch(`http://127.0.0.1:${port(plain)}/api/ping`);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
