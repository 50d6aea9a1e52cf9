/**
 * `npm run bench:reports`: ingest speed, report speed on large PostgreSQL datasets and how it
 * grows with the data, and PGlite against PostgreSQL on the demo.
 *
 * `BENCH_ONLY=ingest npm run bench:reports` runs step 0 alone (a few minutes, no large dataset).
 *
 * 0. Ingest: BENCH_INGEST_EVENTS simulator events (default 1 million; 0 skips the step) of
 *    BENCH_INGEST_USERS users (default 1,000) posted to a listening server's
 *    POST /api/ingest/events by every gateway of the fleet at once, each with BENCH_INGEST_DEPTH
 *    batches in flight (default 1; a list such as 1,4 runs each), in batches of INGEST_MAX_BATCH:
 *    events/s deriving before each answer, and with ?derive=deferred (to the last answer, and to
 *    the end of the derivation after it); the derived tables are checked against a full
 *    re-derivation each time. Then the storage rate of the same batches without deriving, one
 *    and two at a time.
 * 1. For each size of BENCH_SCALES (default 1M,10M,100M raw events), builds a database
 *    `lavo_bench_<size>` (1m, 10m, 100m) on the PostgreSQL server of BENCH_DATABASE_URL (default
 *    the local one): the demo seed with as many copies of its two hospitals (organizations,
 *    locations, rooms, devices, staff) as 90 days of simulator events need to reach the size, so
 *    a room's occupancy stays a real ward's (below what one copy makes in 90 days, fewer days),
 *    stored through the ingest two batches at a time
 *    and derived once. Prints generation, storage and derivation rates. The databases are kept;
 *    with BENCH_REUSE=1 one a previous run finished building is measured again as it is.
 * 2. On each, calls every report endpoint BENCH_CALLS times (default 40) with varied filters, or
 *    for BENCH_ENDPOINT_SECONDS (default 60) once it has made 5 calls, and prints p50 and p95 of
 *    the calls that ask a question for the first time (computed, the target judged on them) and
 *    p95 of those that ask one again (the answer cache's; calls the report statement limit
 *    stopped are counted at the time they took), and for the
 *    compliance figures the same answer by a plain scan of the raw events, with the
 *    scan-to-endpoint ratio (up to BENCH_SCAN_MAX events, default 10M: at 100M each scan takes
 *    minutes). Then one table of every endpoint's p95 at each size, with the
 *    target judged at the largest.
 * 3. Loads the default demo (60 days) into PGlite and into PostgreSQL and prints, per endpoint,
 *    PGlite's p50 over PostgreSQL's (BENCH_SKIP_DEMO=1 skips it).
 *
 * A kept database is migrated to this code's schema before it is measured.
 *
 * BENCH_END=YYYY-MM-DD sets the day the history ends and the ranges end on (default today).
 *
 * The 100M dataset takes about two hours to build on two cores and some 60 GB of disk.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../server/src/db/client';
import { runMigrations } from '../server/src/db/migrate';
import { complianceTotalsScan, opportunitiesScan } from '../server/src/modules/metrics/compliance.repo';
import { resolveFilter } from '../server/src/modules/metrics/filters';
import { overviewStatsScan } from '../server/src/modules/reports/dispensers.repo';
import { loadScope } from '../server/src/core/scope';
import { benchApp } from './bench/bench-app';
import { benchSubjects, buildHistory, eventsPerDay, freshPostgres, prepare } from './bench/dataset';
import { copyHospitals } from './bench/network';
import { benchEndpoints, measure, type BenchEndpoint, type Measured } from './bench/endpoints';
import { benchIngest } from './bench/ingest';
import { benchEnd, parseScales, type Scale } from './bench/scales';
import { percentile, table, timed } from './bench/timing';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scales = parseScales(process.env.BENCH_SCALES ?? '1M,10M,100M');
const reuse = process.env.BENCH_REUSE === '1';
const endpointBudgetMs = Number(process.env.BENCH_ENDPOINT_SECONDS ?? 60) * 1000;
// A plain scan of the raw events takes about a second per million: beyond this size it is left out.
const scanMaxEvents = parseScales(process.env.BENCH_SCAN_MAX ?? '10M')[0]?.events ?? 10_000_000;
const calls = Number(process.env.BENCH_CALLS ?? 40);
const ingestEvents = Number(process.env.BENCH_INGEST_EVENTS ?? 1_000_000);
const only = process.env.BENCH_ONLY;
const DAYS = 90;
const ADMIN_ID = 1;
// The day the history ends and every measured range ends on (today unless BENCH_END names a day):
// a kept dataset built on another day is measured over the days it holds.
const end = benchEnd(process.env.BENCH_END);
const log = (line: string) => console.log(line);
const fmt = (ms: number) => ms.toFixed(1);

/** The database of a scale: built here, or with BENCH_REUSE a finished one of an earlier run. */
async function largeDataset(scale: Scale): Promise<DatabaseHandle> {
  const name = `lavo_bench_${scale.label.toLowerCase()}`;
  if (reuse) {
    const kept = await finishedBuild(name);
    if (kept) {
      log(`Measuring ${name} as an earlier run built it: ${kept.events.toLocaleString('en-US')} events`);
      return kept.handle;
    }
  }
  const targetEvents = scale.events;
  const handle = await freshPostgres(serverUrl, name);
  await prepare(handle);
  const perDay = await eventsPerDay(handle, end);
  // Copies of the demo's hospitals over the same 90 days; below what one copy makes in 90 days, fewer days.
  const copies = Math.max(1, Math.ceil(targetEvents / (DAYS * perDay) / 0.9));
  const days = Math.min(DAYS, Math.max(1, Math.ceil(targetEvents / (copies * perDay) / 0.9)));
  log(`Building ${name} on ${new URL(serverUrl).host}: at least ${targetEvents.toLocaleString('en-US')} events, ${days} days`);
  const network = await copyHospitals(handle, copies);
  log(
    `  the demo's hospitals make ${perDay.toLocaleString('en-US')} events a day; ${copies} copies of them ` +
      `(each ${network.locations} locations, ${network.rooms} rooms, ${network.devices} devices, ${network.staff} staff)`,
  );
  const built = await buildHistory(handle, end, days, log, 2);
  log(
    `  ${built.events.toLocaleString('en-US')} events: generated at ${Math.round(built.events / (built.generateMs / 1000)).toLocaleString('en-US')} events/s, ` +
      `stored at ${Math.round(built.events / (built.storeMs / 1000)).toLocaleString('en-US')} events/s (two batches at a time), ` +
      `derived in ${(built.deriveMs / 1000).toFixed(1)} s (${Math.round(built.events / (built.deriveMs / 1000)).toLocaleString('en-US')} events/s)`,
  );
  if (built.events < targetEvents) log(`  WARNING: ${built.events.toLocaleString('en-US')} events, fewer than the ${targetEvents.toLocaleString('en-US')} asked for`);
  await handle.db.execute(sql`create table bench_built as select ${built.events}::bigint as events, now() as built_at`);
  return handle;
}

/** A database of an earlier run that finished building (it has `bench_built`), or null. */
async function finishedBuild(name: string): Promise<{ handle: DatabaseHandle; events: number } | null> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  await admin.end();
  if (!exists) return null;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString() });
  const built = await handle.db.execute<{ events: string }>(sql`select events::text from bench_built`).catch(() => null);
  const events = Number(built?.rows[0]?.events ?? 0);
  if (events > 0) {
    // Measured by this code: its later migrations (a new rollup fills itself from the daily rows) first.
    await runMigrations(handle);
    await handle.db.execute(sql`analyze`);
    return { handle, events };
  }
  await handle.close();
  return null;
}

/** The plain scan answering the same question as an endpoint, where there is one. */
function scanFor(handle: DatabaseHandle, endpoint: BenchEndpoint) {
  const scans: Record<string, (f: Awaited<ReturnType<typeof resolveFilter>>) => Promise<unknown>> = {
    'compliance/overview-stats': async (f) => Promise.all([complianceTotalsScan(handle.db, f, f.range), f.previous && complianceTotalsScan(handle.db, f, f.previous)]),
    'dispensers/handwash/overview-stats': async (f) => Promise.all([complianceTotalsScan(handle.db, f, f.range), f.previous && complianceTotalsScan(handle.db, f, f.previous)]),
    'compliance/trend': (f) => opportunitiesScan(handle.db, f, f.range, 'day'),
    'dispensers/overview-stats': (f) => overviewStatsScan(handle.db, f),
    'compliance/ranking/users': (f) => opportunitiesScan(handle.db, f, f.range, 'user'),
  };
  const scan = scans[endpoint.path];
  if (!scan) return null;
  return async (i: number) => {
    const q = endpoint.query(i);
    const ids = (v: unknown) => (Array.isArray(v) ? (v as number[]) : []);
    const filter = await resolveFilter(handle.db, await loadScope(handle.db, ADMIN_ID), {
      organizationIds: ids(q.organizationIds),
      organizationIdFilters: [],
      groupIds: ids(q.groupIds),
      groupIdFilters: [],
      professionId: q.professionId as string | undefined,
      startDate: String(q.startDate),
      endDate: String(q.endDate),
      view: q.view as 'org' | 'loc' | undefined,
    });
    return (await timed(() => scan(filter))).ms;
  };
}

async function endpointTimes(handle: DatabaseHandle, n: number, budgetMs = Infinity) {
  // Warmed up on an app of its own, so the database's buffers and plans are warm but no answer is kept.
  const warmup = (await benchApp(handle)) as unknown as FastifyInstance;
  const app = (await benchApp(handle)) as unknown as FastifyInstance;
  const subjects = await benchSubjects(handle);
  const endpoints = benchEndpoints(end, subjects);
  const results = new Map<string, Measured & { targetMs: number | null }>();
  for (const endpoint of endpoints) {
    await measure(warmup, endpoint, 3, budgetMs, 1);
    const m = await measure(app, endpoint, n, budgetMs);
    results.set(endpoint.path, { ...m, targetMs: endpoint.targetMs });
  }
  await warmup.close();
  await app.close();
  return { results, endpoints };
}

const verdict = (p95: number, targetMs: number | null) => (targetMs === null ? '' : `${p95 <= targetMs ? 'ok' : 'OVER'} (≤${targetMs})`);
const callsCell = (m: Measured) => `${m.samples.length} + ${m.repeated.samples.length}${m.stopped ? ` (${m.stopped} stopped)` : ''}`;
const repeatCell = (m: Measured) => (m.repeated.samples.length ? fmt(m.repeated.p95) : '—');

/** Builds (or reuses) one scale's dataset and prints its endpoint times beside the plain scans. */
async function measureScale(scale: Scale) {
  const large = await largeDataset(scale);
  const { results, endpoints } = await endpointTimes(large, calls, endpointBudgetMs);
  const rows: string[][] = [];
  for (const endpoint of endpoints) {
    const r = results.get(endpoint.path) as Measured & { targetMs: number | null };
    const scan = scale.events <= scanMaxEvents ? scanFor(large, endpoint) : null;
    let scanCell = '—';
    let ratioCell = '—';
    if (scan) {
      const samples: number[] = [];
      const start = performance.now();
      for (let i = 0; i < Math.min(10, calls) && (i < 3 || performance.now() - start < endpointBudgetMs); i++) samples.push(await scan(i));
      const p50 = percentile(samples, 50);
      scanCell = fmt(p50);
      ratioCell = `${(p50 / r.p50).toFixed(0)}×`;
    }
    rows.push([endpoint.path, callsCell(r), fmt(r.p50), fmt(r.p95), verdict(r.p95, r.targetMs), repeatCell(r), scanCell, ratioCell]);
  }
  log(`\nReport endpoints on PostgreSQL at ${scale.label} events, up to ${calls} calls each with varied filters (ms):`);
  log('  calls: first asks + repeats; p50, p95 and the target over the first asks (computed); repeat p95: a question asked again (from the answer cache where the endpoint keeps answers)');
  log(table(['endpoint', 'calls', 'p50', 'p95', 'p95 target (ms)', 'repeat p95', 'scan p50', 'scan ÷ p50'], rows));
  await large.close();
  return { endpoints, results };
}

async function main() {
  if (only !== undefined && only !== 'ingest') throw new Error(`BENCH_ONLY=${only}: only 'ingest' is known`);
  if (ingestEvents > 0) {
    await benchIngest({
      serverUrl,
      events: ingestEvents,
      users: Number(process.env.BENCH_INGEST_USERS ?? 1000),
      depths: (process.env.BENCH_INGEST_DEPTH ?? '1').split(',').map((d) => Math.max(1, Number(d) || 1)),
      end,
      log,
    });
    log('');
  }
  if (only === 'ingest') return;
  const grown: { scale: Scale; results: Map<string, Measured & { targetMs: number | null }> }[] = [];
  let endpoints: BenchEndpoint[] = [];
  for (const scale of scales) {
    const measured = await measureScale(scale);
    endpoints = measured.endpoints;
    grown.push({ scale, results: measured.results });
    log('');
  }
  const largest = grown[grown.length - 1] as (typeof grown)[number];
  log(`How p95 grows with the raw events (ms; the target judged at ${largest.scale.label}):`);
  log(
    table(
      ['endpoint', ...grown.map((g) => `p95 at ${g.scale.label}`), 'p95 target (ms)'],
      endpoints.map((e) => {
        const last = largest.results.get(e.path) as Measured & { targetMs: number | null };
        return [e.path, ...grown.map((g) => fmt((g.results.get(e.path) as Measured).p95)), verdict(last.p95, e.targetMs)];
      }),
    ),
  );

  if (process.env.BENCH_SKIP_DEMO === '1') return;
  log('\nDemo dataset (60 days) in PGlite and in PostgreSQL:');
  const pglite = await createDatabase();
  const postgres = await freshPostgres(serverUrl, 'lavo_bench_demo');
  for (const [name, handle] of [['PGlite', pglite], ['PostgreSQL', postgres]] as const) {
    await prepare(handle);
    const built = await buildHistory(handle, end, 60, () => undefined);
    log(`  ${name}: ${built.events.toLocaleString('en-US')} events stored in ${((built.storeMs + built.deriveMs) / 1000).toFixed(1)} s`);
  }
  const lite = await endpointTimes(pglite, 15);
  const pgTimes = await endpointTimes(postgres, 15);
  const ratios: number[] = [];
  const demoRows = lite.endpoints.map((e) => {
    const a = lite.results.get(e.path) as Measured;
    const b = pgTimes.results.get(e.path) as Measured;
    ratios.push(a.p50 / b.p50);
    return [e.path, fmt(a.p50), fmt(a.p95), verdict(a.p95, e.targetMs), fmt(b.p50), `${(a.p50 / b.p50).toFixed(2)}×`];
  });
  log(table(['endpoint', 'PGlite p50', 'PGlite p95', 'p95 target (ms)', 'PostgreSQL p50', 'PGlite ÷ PostgreSQL'], demoRows));
  log(`Median PGlite ÷ PostgreSQL: ${percentile(ratios, 50).toFixed(2)}×`);
  await pglite.close();
  await postgres.close();
}

await main();
