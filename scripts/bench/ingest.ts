import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { INGEST_MAX_BATCH } from '../../server/src/contracts/ingest';
import { gatewayToken } from '../../server/src/core/gateway-auth';
import { createDatabase, type Database, type DatabaseHandle } from '../../server/src/db/client';
import { spanDeriver } from '../../server/src/modules/ingest/span-deriver';
import { ingestEvents } from '../../server/src/modules/ingest/ingest.service';
import { DERIVED_TABLE_NAMES, deriveAll } from '../../server/src/modules/metrics/derive';
import { generateEvents, type SimEvent } from '../../server/src/simulator/generate';
import { loadWorld } from '../../server/src/simulator/world';
import { BENCH_INGEST_SECRET, benchApp } from './bench-app';
import { addStaff, eventsPerDay, freshPostgres, prepare } from './dataset';
import { timed } from './timing';

const DAY_MS = 86_400_000;

export interface IngestBenchOptions {
  /** PostgreSQL server; the benchmark makes its own databases on it. */
  serverUrl: string;
  /** Simulator events to send (they end at `end`). */
  events: number;
  /** Users of the world (demo staff plus generated ones, each with a wristband). */
  users: number;
  /** Batches a gateway has in flight at once (1: it waits for each answer before sending the next); one route run each. */
  depths: readonly number[];
  end: Date;
  log: (line: string) => void;
}

interface Batch {
  gateway: string;
  events: number;
  body: string;
}

/**
 * Storage speed of the ingest on PostgreSQL for `events` simulator events:
 * - through the real route: a listening server, every gateway of the fleet posting its own events
 *   in time order in batches of INGEST_MAX_BATCH with its token, all gateways at once, each with
 *   `depth` batches in flight (a run per depth); once deriving before each answer, once with
 *   `?derive=deferred` (timed to the last answer and to the end of the derivation after it). The
 *   derived tables are then checked against a full re-derivation.
 * - storage alone: the same batches through ingestEvents without deriving, one after another
 *   (how a bulk load such as the demo history stores), then two at a time.
 * Each measurement starts from its own copy of the same fresh database.
 */
export async function benchIngest(opts: IngestBenchOptions): Promise<void> {
  const { log } = opts;
  const template = 'lavo_bench_ingest';
  const handle = await freshPostgres(opts.serverUrl, template);
  await prepare(handle);
  await addStaff(handle, opts.users);
  const { batches, skipped, gateways, days } = await simulatorBatches(handle, opts.events, opts.end);
  await handle.close();
  const total = batches.reduce((n, b) => n + b.events, 0);
  log(
    `Ingest of ${total.toLocaleString('en-US')} simulator events (${days} days, ${opts.users} users; ${skipped.toLocaleString('en-US')} without a gateway left out) ` +
      `from ${gateways} gateways in ${batches.length} batches of at most ${INGEST_MAX_BATCH}:`,
  );

  for (const depth of opts.depths) {
    for (const derive of ['now', 'deferred'] as const) {
      const viaRoute = await copyOf(opts.serverUrl, template, `${template}_route`);
      const route = await postAll(viaRoute, batches, depth, derive);
      const head = `  POST /api/ingest/events${derive === 'deferred' ? '?derive=deferred' : ''}, ${depth} batch(es) in flight per gateway:`;
      const answered = `answered at ${rate(total, route.answeredMs)} events/s (${(route.answeredMs / 1000).toFixed(1)} s; ${route.accepted.toLocaleString('en-US')} accepted; ${load()})`;
      if (derive === 'now') log(`${head} derived and ${answered}`);
      else log(`${head} stored and ${answered}; derived ${((route.derivedMs - route.answeredMs) / 1000).toFixed(1)} s after the last answer (${rate(total, route.derivedMs)} events/s in all)`);
      if (route.refused.length > 0) log(`    WARNING: ${route.refused.length} batches refused, e.g. ${[...new Set(route.refused)].slice(0, 3).join('; ')}`);
      const before = await derivedChecksums(viaRoute.db);
      await deriveAll(viaRoute.db);
      const after = await derivedChecksums(viaRoute.db);
      const differing = DERIVED_TABLE_NAMES.filter((t) => before[t] !== after[t]);
      log(`    derived tables ${differing.length === 0 ? 'equal a full re-derivation' : `DIFFER from a full re-derivation: ${differing.join(', ')}`}`);
      await viaRoute.close();
    }
  }

  const parsed = batches.map((b) => (JSON.parse(b.body) as { events: unknown[] }).events);
  for (const inFlight of [1, 2]) {
    const storeOnly = await copyOf(opts.serverUrl, template, `${template}_store`);
    let next = 0;
    const stored = await timed(() =>
      Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < parsed.length) await ingestEvents(storeOnly.db, parsed[next++] as unknown[], { derive: false });
        }),
      ),
    );
    log(`  ingestEvents without deriving, ${inFlight === 1 ? 'one batch at a time' : `${inFlight} batches at a time`}: ${rate(total, stored.ms)} events/s (${(stored.ms / 1000).toFixed(1)} s; ${load()})`);
    await storeOnly.close();
  }
}

const rate = (events: number, ms: number) => Math.round(events / (ms / 1000)).toLocaleString('en-US');
/** The machine's load meanwhile (1-minute average), to tell a busy machine's figure from a quiet one's. */
const load = () => `load ${loadavg()[0]?.toFixed(1)}`;

/** Simulator events of the days before `end`, at least `wanted` of them, as each gateway's batches. */
async function simulatorBatches(handle: DatabaseHandle, wanted: number, end: Date) {
  const world = await loadWorld(handle.db);
  const perDay = await eventsPerDay(handle, end);
  const days = Math.max(1, Math.ceil(wanted / Math.max(1, perDay)));
  const events: SimEvent[] = [];
  for (let d = days; d > 0 && events.length < wanted; d--) {
    const from = end.getTime() - d * DAY_MS;
    events.push(...generateEvents(world, { from, to: from + DAY_MS, seed: 20_261_121 }));
  }
  const taken = events.slice(0, wanted);
  const byGateway = new Map<string, SimEvent[]>();
  let skipped = 0;
  for (const e of taken) {
    if (e.gateway === null) {
      skipped++;
      continue;
    }
    const list = byGateway.get(e.gateway);
    if (list) list.push(e);
    else byGateway.set(e.gateway, [e]);
  }
  const batches: Batch[] = [];
  for (const [gateway, list] of byGateway) {
    for (let i = 0; i < list.length; i += INGEST_MAX_BATCH) {
      const slice = list.slice(i, i + INGEST_MAX_BATCH).map((e) => e.event);
      batches.push({ gateway, events: slice.length, body: JSON.stringify({ events: slice }) });
    }
  }
  return { batches, skipped, gateways: byGateway.size, days };
}

/** A new database made from `template` (which must have no open connection). */
async function copyOf(serverUrl: string, template: string, name: string): Promise<DatabaseHandle> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return createDatabase({ url: url.toString() });
}

/**
 * Posts every batch to a listening server, each gateway's in order, the gateways at once; times
 * the last answer and, when deriving is deferred, the end of the derivation that follows.
 */
async function postAll(handle: DatabaseHandle, batches: readonly Batch[], depth: number, derive: 'now' | 'deferred') {
  const app = (await benchApp(handle)) as unknown as FastifyInstance;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const queues = new Map<string, { list: Batch[]; next: number }>();
  for (const b of batches) {
    const queue = queues.get(b.gateway);
    if (queue) queue.list.push(b);
    else queues.set(b.gateway, { list: [b], next: 0 });
  }
  let accepted = 0;
  const refused: string[] = [];
  const send = async (b: Batch) => {
    const response = await fetch(`${address}/api/ingest/events${derive === 'deferred' ? '?derive=deferred' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-mac': b.gateway, authorization: `Bearer ${gatewayToken(BENCH_INGEST_SECRET, b.gateway)}` },
      body: b.body,
    });
    const answer = (await response.json()) as { accepted?: number; message?: string };
    if (response.status === 200) accepted += answer.accepted ?? 0;
    else refused.push(`HTTP ${response.status} ${answer.message ?? ''}`);
  };
  // A gateway keeps `depth` batches in flight: each of its lanes sends the gateway's next batch when free.
  const lanes = [...queues.values()].flatMap((queue) =>
    Array.from({ length: depth }, async () => {
      while (queue.next < queue.list.length) await send(queue.list[queue.next++] as Batch);
    }),
  );
  const start = performance.now();
  let answeredMs: number;
  let derivedMs: number;
  try {
    await Promise.all(lanes);
    answeredMs = performance.now() - start;
    await spanDeriver(handle.db).idle();
    derivedMs = performance.now() - start;
  } finally {
    await app.close();
  }
  return { accepted, refused, answeredMs, derivedMs };
}

async function derivedChecksums(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of DERIVED_TABLE_NAMES) {
    const r = await db.execute<{ sum: string }>(
      sql`select count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from ${sql.identifier(name)} x`,
    );
    out[name] = String(r.rows[0]?.sum);
  }
  return out;
}
