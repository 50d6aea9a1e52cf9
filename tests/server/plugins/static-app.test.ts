import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNotFound, registerStaticApp } from '../../../server/src/plugins/static-app';

const SHELL = `<!doctype html><title>Lavo</title>${'<!-- shell -->'.repeat(200)}`;
const PAGE_SHELL = `<!doctype html><title>Lavo</title><link rel="modulepreload" href="/assets/overview-1.js">${'<!-- shell -->'.repeat(200)}`;
const SCRIPT = `export const value = ${JSON.stringify('x'.repeat(4000))};`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lavo-static-'));
  await mkdir(path.join(dir, 'assets'));
  // As the build leaves them: index.html with both copies, a script with only its gzip copy.
  await writeFile(path.join(dir, 'index.html'), SHELL);
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(SHELL));
  await writeFile(path.join(dir, 'index.html.gz'), gzipSync(SHELL));
  // A page's own copy, which preloads its code (scripts/vite-page-shell.ts).
  await mkdir(path.join(dir, 'pages', 'app', 'reports'), { recursive: true });
  await writeFile(path.join(dir, 'pages', 'app', 'reports', 'overview.html'), PAGE_SHELL);
  await writeFile(path.join(dir, 'pages', 'app', 'reports', 'overview.html.br'), brotliCompressSync(PAGE_SHELL));
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  app = Fastify();
  const served = await registerStaticApp(app, dir);
  registerNotFound(app, served);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the built app as served', () => {
  it('sends the brotli copy to a browser that accepts it', async () => {
    const reply = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SHELL);
  });

  it('falls back to the gzip copy when there is no brotli one, with the asset caching kept', async () => {
    const reply = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(reply.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const reply = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body).toBe(SCRIPT);
  });

  it('answers a client-side route with the compressed shell, revalidated on every load', async () => {
    const reply = await app.inject({ url: '/app/reports/handwash?date=2026-11-01', headers: { 'accept-encoding': 'br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SHELL);
  });

  it("answers a page's address with its own copy of the shell, with or without a trailing slash", async () => {
    for (const url of ['/app/reports/overview', '/app/reports/overview/?date=2026-11-01']) {
      const reply = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(PAGE_SHELL);
    }
    const plain = await app.inject({ url: '/app/reports/overview', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(PAGE_SHELL);
    // Only the page itself: an address below it is another (unknown) page.
    const below = await app.inject({ url: '/app/reports/overview/more', headers: { 'accept-encoding': 'identity' } });
    expect(below.body).toBe(SHELL);
  });

  it('answers a missing file with 404, not the shell', async () => {
    const reply = await app.inject({ url: '/assets/missing-000.js', headers: { 'accept-encoding': 'br' } });
    expect(reply.statusCode).toBe(404);
  });
});
