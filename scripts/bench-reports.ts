/**
 * `npm run bench:reports`: ingest speed, report speed on a large PostgreSQL dataset, and PGlite
 * against PostgreSQL on the demo.
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
 * 1. Builds a database `lavo_bench` on the PostgreSQL server of BENCH_DATABASE_URL (default the
 *    local one): the demo seed plus generated staff (at least 1,000 users), and 90 days of
 *    simulator events through the ingest until it holds BENCH_EVENTS raw events (default 10
 *    million). Prints generation and storage rates.
 * 2. Calls every report endpoint BENCH_CALLS times (default 40) with varied filters and prints p50
 *    and p95, and for the compliance figures the same answer by a plain scan of the raw events,
 *    with the scan-to-endpoint ratio.
 * 3. Loads the default demo (60 days) into PGlite and into PostgreSQL and prints, per endpoint,
 *    PGlite's p50 over PostgreSQL's.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createDatabase, type DatabaseHandle } from '../server/src/db/client';
import { complianceTotalsScan, opportunitiesScan } from '../server/src/modules/metrics/compliance.repo';
import { resolveFilter } from '../server/src/modules/metrics/filters';
import { overviewStatsScan } from '../server/src/modules/reports/dispensers.repo';
import { loadScope } from '../server/src/core/scope';
import { benchApp } from './bench/bench-app';
import { addStaff, benchSubjects, buildHistory, eventsPerDay, freshPostgres, prepare } from './bench/dataset';
import { benchEndpoints, measure, type BenchEndpoint } from './bench/endpoints';
import { benchIngest } from './bench/ingest';
import { percentile, table, timed } from './bench/timing';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const targetEvents = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const calls = Number(process.env.BENCH_CALLS ?? 40);
const ingestEvents = Number(process.env.BENCH_INGEST_EVENTS ?? 1_000_000);
const only = process.env.BENCH_ONLY;
const DAYS = 90;
const MIN_USERS = 1000;
const ADMIN_ID = 1;
const end = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
const log = (line: string) => console.log(line);
const fmt = (ms: number) => ms.toFixed(1);

async function largeDataset(): Promise<DatabaseHandle> {
  log(`Building lavo_bench on ${new URL(serverUrl).host}: ${DAYS} days, at least ${targetEvents.toLocaleString('en-US')} events, ${MIN_USERS}+ users`);
  const handle = await freshPostgres(serverUrl, 'lavo_bench');
  await prepare(handle);
  const baseUsers = Number((await handle.db.execute<{ n: number }>(sql`select count(distinct user_id)::int as n from wearable_assignments`)).rows[0]?.n);
  const perDay = await eventsPerDay(handle, end);
  const perWearerDay = perDay / Math.max(1, baseUsers);
  const wanted = Math.max(MIN_USERS, Math.ceil(targetEvents / (DAYS * perWearerDay) / 0.9));
  const totalUsers = Number((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]?.n) - baseUsers + wanted;
  log(`  the simulator makes ${perWearerDay.toFixed(1)} events per wearer-day; ${wanted} wearers needed (${totalUsers} users)`);
  await addStaff(handle, totalUsers);
  const built = await buildHistory(handle, end, DAYS, log);
  log(
    `  ${built.events.toLocaleString('en-US')} events: generated at ${Math.round(built.events / (built.generateMs / 1000)).toLocaleString('en-US')} events/s, ` +
      `stored at ${Math.round(built.events / (built.storeMs / 1000)).toLocaleString('en-US')} events/s, derived in ${(built.deriveMs / 1000).toFixed(1)} s`,
  );
  if (built.events < targetEvents) log(`  WARNING: ${built.events.toLocaleString('en-US')} events, fewer than the ${targetEvents.toLocaleString('en-US')} asked for`);
  return handle;
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

async function endpointTimes(handle: DatabaseHandle, n: number) {
  const app = (await benchApp(handle)) as unknown as FastifyInstance;
  const subjects = await benchSubjects(handle);
  const endpoints = benchEndpoints(end, subjects.unitIds, subjects.departmentIds, subjects.userIds);
  const results = new Map<string, { p50: number; p95: number; targetMs: number | null }>();
  for (const endpoint of endpoints) {
    await measure(app, endpoint, 3); // warm caches and plans
    const m = await measure(app, endpoint, n);
    results.set(endpoint.path, { p50: m.p50, p95: m.p95, targetMs: endpoint.targetMs });
  }
  await app.close();
  return { results, endpoints };
}

async function main() {
  if (only !== undefined && only !== 'ingest') throw new Error(`BENCH_ONLY=${only}: only 'ingest' is known`);
  if (ingestEvents > 0) {
    await benchIngest({
      serverUrl,
      events: ingestEvents,
      users: Number(process.env.BENCH_INGEST_USERS ?? MIN_USERS),
      depths: (process.env.BENCH_INGEST_DEPTH ?? '1').split(',').map((d) => Math.max(1, Number(d) || 1)),
      end,
      log,
    });
    log('');
  }
  if (only === 'ingest') return;
  const large = await largeDataset();
  const { results, endpoints } = await endpointTimes(large, calls);
  const rows: string[][] = [];
  for (const endpoint of endpoints) {
    const r = results.get(endpoint.path) as { p50: number; p95: number; targetMs: number | null };
    const scan = scanFor(large, endpoint);
    let scanCell = '—';
    let ratioCell = '—';
    if (scan) {
      const samples: number[] = [];
      for (let i = 0; i < Math.min(10, calls); i++) samples.push(await scan(i));
      const p50 = percentile(samples, 50);
      scanCell = fmt(p50);
      ratioCell = `${(p50 / r.p50).toFixed(0)}×`;
    }
    const verdict = r.targetMs === null ? '' : `${r.p95 <= r.targetMs ? 'ok' : 'OVER'} (≤${r.targetMs})`;
    rows.push([endpoint.path, fmt(r.p50), fmt(r.p95), verdict, scanCell, ratioCell]);
  }
  log(`\nReport endpoints on PostgreSQL, ${calls} calls each with varied filters (ms):`);
  log(table(['endpoint', 'p50', 'p95', 'p95 target (ms)', 'scan p50', 'scan ÷ p50'], rows));
  await large.close();

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
    const a = lite.results.get(e.path) as { p50: number; p95: number };
    const b = pgTimes.results.get(e.path) as { p50: number };
    ratios.push(a.p50 / b.p50);
    const verdict = e.targetMs === null ? '' : `${a.p95 <= e.targetMs ? 'ok' : 'OVER'} (≤${e.targetMs})`;
    return [e.path, fmt(a.p50), fmt(a.p95), verdict, fmt(b.p50), `${(a.p50 / b.p50).toFixed(2)}×`];
  });
  log(table(['endpoint', 'PGlite p50', 'PGlite p95', 'p95 target (ms)', 'PostgreSQL p50', 'PGlite ÷ PostgreSQL'], demoRows));
  log(`Median PGlite ÷ PostgreSQL: ${percentile(ratios, 50).toFixed(2)}×`);
  await pglite.close();
  await postgres.close();
}

await main();
