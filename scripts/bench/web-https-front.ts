import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The app as production serves it: over HTTPS, where browsers speak HTTP/2. A TLS front (what a
 * load balancer is in production) on `listenPort` passes every request on to the server at
 * `targetPort` over plain HTTP. Its key and self-signed certificate for localhost are made for the
 * run (openssl) and removed at stop; the browsers measuring through it are started with
 * `--ignore-certificate-errors`.
 *
 * Why it matters: over plain HTTP/1.1 Chrome opens at most six connections to a host, and a page
 * of some hundred requests queues on them, each paying the network's round trip in turn.
 * Lighthouse's simulation replays the connections it saw, so it would charge the app for a
 * connection limit no HTTPS deployment has.
 */
export interface HttpsFront {
  url: string;
  stop: () => Promise<void>;
}

/** Flags for a Chromium that loads the front's self-signed certificate. */
export const HTTPS_FRONT_CHROMIUM_ARGS = ['--ignore-certificate-errors'];

// Hop-by-hop headers, which HTTP/2 forbids (RFC 9113, section 8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te']);

export async function startHttpsFront(targetPort: number, listenPort: number): Promise<HttpsFront> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-web-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
  ]);
  const server = http2.createSecureServer({ key: await readFile(keyFile), cert: await readFile(certFile), allowHTTP1: true });
  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = req.authority || req.headers.host;
    headers['x-forwarded-proto'] = 'https';
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers }, (reply) => {
      const replyHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) replyHeaders[name] = value;
      }
      res.writeHead(reply.statusCode ?? 502, replyHeaders);
      reply.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
