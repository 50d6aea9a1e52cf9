import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageTitles } from '../../../../scripts/page-shell-tables';
import { titleMarkup } from '../../../../scripts/vite-page-shell';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';

/** A built index.html as the build leaves it: the first screen's inline title script, the entry module. */
const SHELL = [
  '<!doctype html><html lang="en"><head><title>Lavo</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>',
  `<body><div id="root">${titleMarkup(pageTitles())}</div></body></html>`,
].join('\n');

/** The policy's directives by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = directives(headers['content-security-policy'] as string);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  // Plain HTTP, as npm start serves it: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let nurse: Tokens;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lavo-headers-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), SHELL);
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'export {};');
    ctx = await createTestApp({ staticDir: dir });
    nurse = await signIn('nurse@demo.health');
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('are on an API answer, which is never stored', async () => {
    const res = await ctx.app.inject({ url: '/api/users/username', query: { username: 'nurse@demo.health' }, headers: { authorization: nurse.idToken } });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are on error answers of the API, which are not stored either', async () => {
    const unauthorized = await ctx.app.inject({ url: '/api/bootstrap', query: { username: 'x', loginType: 'WEB_APP' } });
    const invalid = await ctx.app.inject({ url: '/api/users/username', headers: { authorization: nurse.idToken } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/no-such-route' });
    expect([unauthorized.statusCode, invalid.statusCode, unknown.statusCode]).toEqual([401, 400, 404]);
    for (const res of [unauthorized, invalid, unknown]) {
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('are on the app shell, whose inline script the policy allows by its hash', async () => {
    const res = await ctx.app.inject({ url: '/app/reports/overview' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-cache');
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!, 'utf8').digest('base64');
    expect(directives(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('leave the caching of the assets and of /config.json as it was', async () => {
    const asset = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset.headers);
    const config = await ctx.app.inject({ url: '/config.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(config.headers);
  });

  it('let the app connect to its own origin, the identity provider and the Pusher host of /config.json alone', async () => {
    const res = await ctx.app.inject({ url: '/config.json' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", new URL(inject('identity').endpoint).origin, 'wss://localhost:6001', 'ws://localhost:6001']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('add HSTS when a trusted proxy reports that the request came over HTTPS, and only then', async () => {
    const HSTS = 'max-age=31536000; includeSubDomains';
    const answers: { url: string; query: Record<string, string>; headers: Record<string, string>; status: number }[] = [
      { url: '/api/users/username', query: { username: 'nurse@demo.health' }, headers: { authorization: nurse.idToken }, status: 200 },
      { url: '/api/bootstrap', query: { username: 'x', loginType: 'WEB_APP' }, headers: {}, status: 401 },
      { url: '/api/no-such-route', query: {}, headers: {}, status: 404 },
      { url: '/app/reports/overview', query: {}, headers: {}, status: 200 },
      { url: '/', query: {}, headers: {}, status: 200 },
      { url: '/assets/index-abc123.js', query: {}, headers: {}, status: 200 },
      { url: '/config.json', query: {}, headers: {}, status: 200 },
    ];
    const hstsOf = async (answer: (typeof answers)[number], remoteAddress: string, proto?: string) => {
      const res = await ctx.app.inject({ url: answer.url, query: answer.query, remoteAddress, headers: { ...answer.headers, ...(proto ? { 'x-forwarded-proto': proto } : {}) } });
      expect(res.statusCode, answer.url).toBe(answer.status);
      return res.headers['strict-transport-security'];
    };
    for (const answer of answers) {
      // A load balancer on this host or a private network (TRUST_PROXY's default) that took the request over TLS.
      for (const proxy of ['127.0.0.1', '10.0.3.7']) expect(await hstsOf(answer, proxy, 'https'), `${answer.url} via ${proxy}`).toBe(HSTS);
      // The same claim from a peer that is no trusted proxy is not believed.
      expect(await hstsOf(answer, '203.0.113.7', 'https'), `${answer.url} from an untrusted peer`).toBeUndefined();
      // Plain HTTP, directly or through the proxy.
      expect(await hstsOf(answer, '127.0.0.1'), `${answer.url} over HTTP`).toBeUndefined();
      expect(await hstsOf(answer, '10.0.3.7', 'http'), `${answer.url} over HTTP via the proxy`).toBeUndefined();
    }
  });
});
