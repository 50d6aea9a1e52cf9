import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Debian's Chromium and the flags every benchmark browser starts with. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** JavaScript one page load brings over the wire, in the bytes gzip sends. */
export interface JsBytes {
  /** JavaScript responses that finished before the screen's own content first showed. */
  beforeRender: { bytes: number; files: number };
  /** Every JavaScript response of the page once it has loaded and the network is quiet. */
  afterLoad: { bytes: number; files: number };
  /** When the screen's own content first showed, ms after navigation start. */
  renderedMs: number;
  /** First contentful paint, ms after navigation start (index.html's first screen paints before any script). */
  fcpMs: number;
  /** Some response came other than gzip from the server, so its gzip size was computed. */
  gzipComputed: boolean;
}

interface JsResponse {
  url: string;
  encoding: string;
  encodedBytes: number | null;
}

const QUIET_MS = 1500;
const QUIET_LIMIT_MS = 30_000;

/** Body sizes as sent and as gzip -9, by URL (hashed assets do not change while the server runs). */
const bodySizes = new Map<string, { sent: number; gzip: number }>();

/**
 * Bytes over the wire with a gzip body: as sent when the server sent gzip; otherwise (no encoding,
 * or brotli, which is smaller) the headers as sent plus gzip -9 of the body, so the figure is
 * always the gzip one the target names.
 */
async function gzipWireBytes(response: JsResponse & { encodedBytes: number }): Promise<{ bytes: number; computed: boolean }> {
  if (response.encoding === 'gzip') return { bytes: response.encodedBytes, computed: false };
  let sizes = bodySizes.get(response.url);
  if (!sizes) {
    const reply = await fetch(response.url, { headers: { 'accept-encoding': 'identity' } });
    if (!reply.ok) throw new Error(`${response.url} answered ${reply.status} when fetched again`);
    const body = Buffer.from(await reply.arrayBuffer());
    const sent = await fetch(response.url, { headers: { 'accept-encoding': response.encoding || 'identity' } });
    const sentBytes = response.encoding && response.encoding !== 'identity' ? Number(sent.headers.get('content-length') ?? NaN) : body.length;
    await sent.arrayBuffer();
    sizes = { sent: sentBytes, gzip: gzipSync(body, { level: 9 }).length };
    bodySizes.set(response.url, sizes);
  }
  const headerBytes = Number.isFinite(sizes.sent) ? Math.max(0, response.encodedBytes - sizes.sent) : 0;
  return { bytes: headerBytes + sizes.gzip, computed: true };
}

/**
 * Loads `url` in `page` with the HTTP cache disabled and sums the JavaScript responses (scripts and
 * module preloads, from the DevTools protocol's Network domain) that finished before the screen's
 * own content first showed: the moment an element matching `shownSelector` entered the page,
 * recorded in the page by a MutationObserver, compared with Resource Timing's `responseEnd` on the
 * page's own timeline. (Not the first contentful paint: index.html paints a first screen, the
 * header bar and the page title, before any script has arrived.) Then, once `rendered` resolves and
 * the network has been quiet for a moment, every JavaScript response of the page.
 */
export async function measureJs(page: Page, url: string, rendered: (page: Page) => Promise<void>, shownSelector: string): Promise<JsBytes> {
  const cdp = await page.context().newCDPSession(page);
  const responses = new Map<string, JsResponse>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  const settled = (requestId: string) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inFlight.add(requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const isJs = type === 'Script' || /javascript|ecmascript/i.test(response.mimeType);
    if (!isJs || response.status !== 200) return;
    const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    responses.set(requestId, { url: response.url, encoding: String(header?.[1] ?? '').toLowerCase(), encodedBytes: null });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    settled(requestId);
    const response = responses.get(requestId);
    if (response) response.encodedBytes = encodedDataLength;
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => settled(requestId));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // A string, not a function: functions compiled by tsx carry helpers the page does not have.
  await page.addInitScript(`(() => {
    performance.setResourceTimingBufferSize(5000);
    const shownSelector = ${JSON.stringify(shownSelector)};
    const observer = new MutationObserver(() => {
      if (!document.querySelector(shownSelector)) return;
      window.__screenShownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`);

  await page.goto(url, { waitUntil: 'load' });
  await rendered(page);
  const renderedMs = (await (
    await page.waitForFunction(() => (window as unknown as { __screenShownAt?: number }).__screenShownAt, undefined, { timeout: 30_000 })
  ).jsonValue()) as number;
  const fcpMs = (await (
    await page.waitForFunction(() => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime, undefined, {
      timeout: 30_000,
    })
  ).jsonValue()) as number;
  const quietUntil = Date.now() + QUIET_LIMIT_MS;
  while (Date.now() < quietUntil && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS)) await page.waitForTimeout(100);

  const responseEnds = new Map<string, number>();
  for (const [name, end] of await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => [e.name, (e as PerformanceResourceTiming).responseEnd] as const),
  )) {
    responseEnds.set(name, Math.min(end, responseEnds.get(name) ?? Infinity));
  }
  await cdp.detach();

  const result: JsBytes = { beforeRender: { bytes: 0, files: 0 }, afterLoad: { bytes: 0, files: 0 }, renderedMs, fcpMs, gzipComputed: false };
  for (const response of responses.values()) {
    if (response.encodedBytes === null) continue;
    const { bytes, computed } = await gzipWireBytes({ ...response, encodedBytes: response.encodedBytes });
    result.gzipComputed ||= computed;
    result.afterLoad.bytes += bytes;
    result.afterLoad.files++;
    const end = responseEnds.get(response.url);
    if (end !== undefined && end <= renderedMs) {
      result.beforeRender.bytes += bytes;
      result.beforeRender.files++;
    }
  }
  return result;
}
