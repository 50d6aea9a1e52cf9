/**
 * `npm run bench:isolation`: does one heavy report, or one heavy data export, hold up everyone else?
 *
 * Starts the API as `npm start` does (`scripts/start.ts`: identity provider, Pusher-protocol
 * server, API server) on PGlite, with a port (BENCH_ISOLATION_PORT, default 8120) and data
 * directory (`.data-bench-isolation`, removed first) of its own, BENCH_ISOLATION_DAYS of demo
 * history (default 60, as the demo) and no simulators, and signs in as admin@demo.health. Then, for
 * BENCH_ISOLATION_SECONDS (default 60), it calls contact tracing for 30 days of St. Mary's
 * Hospital (`GET /api/exposureReport/interaction`) again and again, one call after another, while
 * two probes call `GET /config.json` (no database) and a cheap report (one day of
 * `/api/compliance/overview-stats`) every 50 ms, each probe waiting for its previous answer. It
 * prints each probe's p50 and p99 (target: p99 under 100 ms, marked OVER when missed) beside the
 * same probes alone (the BENCH_ISOLATION_BASELINE_SECONDS before, default 15), and the tracing
 * call's p50 and p95 with its answers (200, or 503 when the report statement limit stopped it).
 *
 * Then heavy data exports: admin@demo.health (an employee) adds two exports for St. Mary's and
 * requests them one after the other, `select pg_sleep(600);` and a 4-way cross join of the staff
 * view, neither yielding a row before the export's limit (DATA_EXPORT_TIMEOUT_MS, 60 s) stops it.
 * While each runs, and for BENCH_ISOLATION_BASELINE_SECONDS alone before, nurse@demo.health's
 * calls are timed as the console makes them (`GET /api/demo-history`, `GET /api/bootstrap`, the
 * user dashboard of the last week), each every 50 ms after its previous answer: their p50 and p99
 * (target: p99 under 250 ms on PGlite, 100 ms on PostgreSQL, marked OVER when missed), and how
 * each export ended, with the message its requester reads.
 *
 * With BENCH_DATABASE_URL (such as the `lavo_bench_10m` database `npm run bench:reports` builds
 * on PostgreSQL) it measures the same against that database, with no demo history written.
 *
 * A missed target still exits 0; only a failed measurement exits non-zero. Everything it started
 * is stopped at the end, on error and on Ctrl-C.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { DataExport, ExportRequest } from '../server/src/contracts/reports/data-exports';
import { adminIdTokenOf, idTokenOf } from './bench/api-sign-in';
import { percentile, table, timed } from './bench/timing';
import { startWebServer, type WebServer } from './bench/web-server';

const port = Number(process.env.BENCH_ISOLATION_PORT ?? 8120);
const seconds = Number(process.env.BENCH_ISOLATION_SECONDS ?? 60);
const historyDays = Number(process.env.BENCH_ISOLATION_DAYS ?? 60);
const baselineSeconds = Number(process.env.BENCH_ISOLATION_BASELINE_SECONDS ?? 15);
const postgresUrl = process.env.BENCH_DATABASE_URL;
const DATA_DIR = '.data-bench-isolation';
const ST_MARYS = 3;
const TARGET_MS = 100;
/** What a nurse's calls may take at p99 while heavy exports run (ARCHITECTURE.md, 'Data exports'). */
const EXPORT_TARGET_MS = { pglite: 250, postgres: 100 } as const;
/** The exports an employee runs: one that sleeps and one that joins without end, neither yielding a row. */
const HEAVY_EXPORTS = [
  { name: 'pg_sleep(600)', sqlQuery: 'select pg_sleep(600);' },
  {
    name: '4-way cross join',
    sqlQuery:
      "select count(*) from export_views.staff a, export_views.staff b, export_views.staff c, export_views.staff d where md5(a.first_name || b.last_name || c.first_name || d.last_name) <> '';",
  },
];
const EXPORTS_TIMEOUT_MS = 15 * 60_000;
const PROBE_PAUSE_MS = 50;
const DAY_MS = 86_400_000;
const log = (line: string) => console.log(line);
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '–');
const day = (offsetDays: number) => new Date(Date.now() - offsetDays * DAY_MS).toISOString().slice(0, 10);

// The PGlite run must not pick up a DATABASE_URL from the caller's environment.
delete process.env.DATABASE_URL;
// Node 20 is this project's runtime; the AWS SDK's notice about its future Node 22 floor is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
let running: WebServer | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void (running?.stop() ?? Promise.resolve()).then(() => process.exit(130)));
}

/** Calls `path` every PROBE_PAUSE_MS after its previous answer until `until` settles; the latencies. */
async function probe(url: string, headers: Record<string, string>, until: Promise<unknown>): Promise<{ latencies: number[]; failures: number }> {
  let done = false;
  const stop = () => (done = true);
  until.then(stop, stop);
  const latencies: number[] = [];
  let failures = 0;
  while (!done) {
    const { ms: took, value: res } = await timed(() => fetch(url, { headers }));
    await res.arrayBuffer();
    if (res.ok) latencies.push(took);
    else failures++;
    await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
  }
  return { latencies, failures };
}

type Probe = { latencies: number[]; failures: number };

/** A probe's row: its latencies alone and under load, and whether p99 under load meets the target. */
function probeRow(name: string, alone: Probe, p: Probe, targetMs: number): string[] {
  const p99 = percentile(p.latencies, 99);
  const cells = [ms(percentile(alone.latencies, 50)), ms(percentile(alone.latencies, 99)), String(p.latencies.length), String(p.failures)];
  return [name, ...cells, ms(percentile(p.latencies, 50)), ms(p99), p99 < targetMs ? 'ok' : 'OVER'];
}

async function measure(label: string, server: WebServer): Promise<void> {
  const headers = { authorization: await adminIdTokenOf(server.url) };
  const tracing = `${server.url}/api/exposureReport/interaction?organizationId=${ST_MARYS}&startDate=${day(29)}&endDate=${day(0)}`;
  const cheap = `${server.url}/api/compliance/overview-stats?organizationIds=${ST_MARYS}&view=org&startDate=${day(1)}&endDate=${day(1)}`;
  const probes = (until: Promise<unknown>) => Promise.all([probe(`${server.url}/config.json`, {}, until), probe(cheap, headers, until)]);
  // The probes alone first, so what the heavy calls add can be told from what the probes cost.
  const [configAlone, reportAlone] = await probes(new Promise((resolve) => setTimeout(resolve, baselineSeconds * 1000)));

  const calls: { ms: number; status: number }[] = [];
  const deadline = Date.now() + seconds * 1000;
  const heavy = (async () => {
    while (Date.now() < deadline) {
      const { ms: took, value: res } = await timed(() => fetch(tracing, { headers }));
      await res.arrayBuffer();
      calls.push({ ms: took, status: res.status });
    }
  })();
  const [[config, report]] = await Promise.all([probes(heavy), heavy]);

  const statuses = [...new Set(calls.map((c) => c.status))].map((s) => `${calls.filter((c) => c.status === s).length}× ${s}`).join(', ');
  const row = (name: string, alone: Probe, p: Probe) => probeRow(name, alone, p, TARGET_MS);
  log(`\n${label}: ${baselineSeconds} s of probes alone, then ${seconds} s of contact tracing (30 days, St. Mary's), ${calls.length} calls (${statuses})`);
  log(
    table(
      ['probe', 'alone p50', 'alone p99', 'answers', 'failed', 'p50', 'p99', `p99 < ${TARGET_MS} ms`],
      [row('GET /config.json', configAlone, config), row('overview-stats, one day', reportAlone, report)],
    ),
  );
  const times = calls.map((c) => c.ms);
  log(`Contact tracing call: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
}

/** The employee's heavy exports, requested one after the other, each while the nurse's calls are timed. */
async function measureExports(label: string, server: WebServer, targetMs: number): Promise<void> {
  const admin = { authorization: await adminIdTokenOf(server.url), 'content-type': 'application/json' };
  const nurse = { authorization: await idTokenOf(server.url, 'nurse') };
  const api = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/api${url}`, { method, headers: admin, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const nurseCalls = [
    { name: 'GET /api/demo-history', url: `${server.url}/api/demo-history` },
    { name: 'GET /api/bootstrap', url: `${server.url}/api/bootstrap?username=${encodeURIComponent('nurse@demo.health')}&loginType=WEB_APP` },
    { name: 'user dashboard, last week', url: `${server.url}/api/compliance/user/dashboard?startDate=${day(7)}&endDate=${day(1)}` },
  ];
  const probes = (until: Promise<unknown>) => Promise.all(nurseCalls.map((c) => probe(c.url, nurse, until)));
  const alone = await probes(new Promise((resolve) => setTimeout(resolve, baselineSeconds * 1000)));

  const range = `startDate=${day(7)}&endDate=${day(1)}`;
  const rows: string[][] = [];
  const outcomes: string[] = [];
  const started = Date.now();
  // One export at a time, so each table row tells what that export cost the nurse.
  for (const heavy of HEAVY_EXPORTS) {
    const created = await api<DataExport>('POST', '/data-exports', { ...heavy, organizationsIds: [ST_MARYS], parameters: [] });
    const { id } = await api<ExportRequest>('POST', `/data-exports/requests/${created.id}?${range}`, {});
    const ended = (async () => {
      for (;;) {
        const request = (await api<{ data: ExportRequest[] }>('GET', '/data-exports/requests')).data.find((r) => r.id === id)!;
        if (request.status === 'DONE' || request.status === 'FAILED') return request;
        if (Date.now() - started > EXPORTS_TIMEOUT_MS) throw new Error(`The exports did not end within ${EXPORTS_TIMEOUT_MS / 60_000} min`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const [during, request] = await Promise.all([probes(ended), ended]);
    rows.push(...nurseCalls.map((c, i) => probeRow(`${c.name}, during ${heavy.name}`, alone[i]!, during[i]!, targetMs)));
    const took = request.completedAt ? ` ${Math.round((Date.parse(request.completedAt) - Date.parse(request.createdAt)) / 1000)} s after it was requested` : '';
    outcomes.push(`${heavy.name}: ${request.status}${took}${request.error ? `: ${request.error}` : ''}`);
  }

  log(`\n${label}: ${baselineSeconds} s of a nurse's calls alone, then while each of an employee's heavy exports ran (${Math.round((Date.now() - started) / 1000)} s in all)`);
  log(table(['nurse call', 'alone p50', 'alone p99', 'answers', 'failed', 'p50', 'p99', `p99 < ${targetMs} ms`], rows));
  for (const outcome of outcomes) log(outcome);
}

async function run(
  label: string,
  options: { port: number; dataDir: string; demoHistoryDays: number; env?: Record<string, string> },
  exportTargetMs: number,
): Promise<void> {
  await rm(options.dataDir, { recursive: true, force: true });
  log(`Starting the API on ${label}…`);
  running = await startWebServer(options, path.join(options.dataDir, 'no-app'));
  try {
    await measure(label, running);
    await measureExports(label, running, exportTargetMs);
  } finally {
    await running.stop();
    running = undefined;
  }
}

try {
  await run(`PGlite (${historyDays} days of demo history)`, { port, dataDir: DATA_DIR, demoHistoryDays: historyDays }, EXPORT_TARGET_MS.pglite);
  if (postgresUrl) {
    await run(`PostgreSQL (${new URL(postgresUrl).pathname.slice(1)})`, {
      port: port + 10,
      dataDir: `${DATA_DIR}-postgres`,
      demoHistoryDays: 0,
      env: { DATABASE_URL: postgresUrl },
    }, EXPORT_TARGET_MS.postgres);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
