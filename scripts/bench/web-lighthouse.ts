import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { Launcher } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './web-js-bytes';

/** Lighthouse's default CPU slowdown in its mobile emulation. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes this machine the device Lighthouse's mobile emulation means, from its
 * benchmarkIndex, by the rule of Lighthouse's calculator (its throttling guide, "Calibrating the CPU
 * slowdown"): the default 4× assumes a desktop of index ~1,533; 1,300 → 3×, 800 → 2×, 150 → 1×,
 * straight lines between. Below 150 the machine is too slow to emulate the device at all.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}

/** The metrics Lighthouse's performance score is made of, by the audit that measures each. */
export const SCORE_METRICS = {
  FCP: 'first-contentful-paint',
  SI: 'speed-index',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;
export type ScoreMetric = keyof typeof SCORE_METRICS;

/** One Lighthouse run's figures. */
export interface LighthouseRun {
  /** Performance category score, 0–1. */
  score: number;
  /** Each metric of the score: its value (ms; CLS unitless), its score 0–1 and its weight in the total. */
  metrics: Record<ScoreMetric, { value: number; score: number; weight: number }>;
  version: string;
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
  warnings: string[];
}

type Lhr = {
  audits: Record<string, { numericValue?: number; score: number | null } | undefined>;
  categories: Record<string, { auditRefs: { id: string; weight: number }[] } | undefined>;
};

/** The score's metrics of a Lighthouse result: value, score and weight (the weights add up to 1). */
export function scoreMetrics(lhr: Lhr): LighthouseRun['metrics'] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const entries = (Object.keys(SCORE_METRICS) as ScoreMetric[]).map((metric) => {
    const id = SCORE_METRICS[metric];
    const audit = lhr.audits[id];
    const weight = refs.find((ref) => ref.id === id)?.weight ?? 0;
    if (typeof audit?.numericValue !== 'number' || typeof audit.score !== 'number') throw new Error(`Lighthouse gave no ${metric} (${id})`);
    return [metric, { value: audit.numericValue, score: audit.score, weight: total > 0 ? weight / total : 0 }] as const;
  });
  return Object.fromEntries(entries) as LighthouseRun['metrics'];
}

/** A Chromium started for Lighthouse. */
export interface LighthouseChrome {
  port: number;
  stop: () => Promise<void>;
}

/**
 * Headless Chromium on a temporary profile with a remote-debugging port, with chrome-launcher's
 * flags (those Lighthouse's own launcher uses), ours and `extraFlags`. Started here rather than by
 * chrome-launcher, whose browser gets a process group of its own: in ours, Ctrl-C reaches it too.
 */
export async function launchChromeForLighthouse(extraFlags: readonly string[] = []): Promise<LighthouseChrome> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-web-chrome-'));
  const flags = [...new Set([...Launcher.defaultFlags(), '--headless=new', ...CHROMIUM_ARGS, ...extraFlags])];
  const child = spawn(CHROMIUM_PATH, [...flags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000));
      if ((await Promise.race([exited, timer])) === 'timeout') child.kill('SIGKILL');
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its debugging port within 30 s:\n${stderr}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Chromium stopped at start (${signal ?? `exit code ${code}`}):\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

/** Playwright connected to the Chrome on `port`, in its default context (the one Lighthouse's tabs share). */
export async function withDefaultContext<T>(port: number, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chrome has no default browser context');
    return await fn(context);
  } finally {
    // Disconnects only: a browser reached over CDP stays up.
    await browser.close();
  }
}

/**
 * What Lighthouse clears before a run, except local storage and IndexedDB (where the session and
 * the app's data are): the HTTP cache, the service worker and its caches. So a signed-in run still
 * loads the app over the network.
 */
export async function clearCachesKeepingSession(port: number, origin: string): Promise<void> {
  await withDefaultContext(port, async (context) => {
    const page = await context.newPage();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage,file_systems,shader_cache' });
    } finally {
      await page.close();
    }
  });
}

/**
 * One Lighthouse run of `url` on the Chrome at `port`: performance category only, Lighthouse's
 * default mobile emulation and simulated throttling, the CPU slowed `cpuSlowdown` times. With `keepStorage`, the storage reset is
 * skipped (`disableStorageReset`) so a signed-in session stays. Fails when the page ends elsewhere.
 */
export async function runLighthouse(port: number, url: string, keepStorage: boolean, cpuSlowdown = DEFAULT_CPU_SLOWDOWN): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    // Merged into the default mobile settings: only the CPU slowdown changes.
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`Lighthouse measured ${lhr.finalDisplayedUrl} instead of ${url}`);
  if (process.env.BENCH_WEB_LHR_DIR) {
    // The whole report, for finding where the time goes (open it in the Lighthouse viewer).
    await mkdir(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
    const name = `${finalPath.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${new Date(lhr.fetchTime).getTime()}.json`;
    await writeFile(path.join(process.env.BENCH_WEB_LHR_DIR, name), JSON.stringify(lhr));
  }
  const warned = lhr.runWarnings.join(' ') || 'no warning';
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${url}: ${warned}`);
  let metrics: LighthouseRun['metrics'];
  try {
    metrics = scoreMetrics(lhr);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)} for ${url}: ${warned}`, { cause: error });
  }
  return {
    score,
    metrics,
    version: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    warnings: lhr.runWarnings.map(String),
  };
}
