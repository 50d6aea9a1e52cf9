import { readFile, rename, writeFile } from 'node:fs/promises';
import { INGEST_MAX_BATCH, type IngestEvent } from '../contracts/ingest';
import { gatewayToken } from '../core/gateway-auth';
import { DEFAULT_SIMULATOR_SEED, generateEvents, type SimEvent } from './generate';
import { type LiveObserver, ObserverUnreachable } from './live-observer';
import type { Failure } from './failures';
import { HOUR, MINUTE } from './time';
import type { World } from './world-index';

/** How the live simulator runs. */
export interface LiveOptions {
  /** The API server, e.g. http://localhost:8080 (events go to {baseUrl}/api/ingest/events). */
  baseUrl: string;
  /** The server's INGEST_SECRET, from which each gateway's token is derived. */
  secret: string;
  world: World;
  seed?: number;
  /** Milliseconds between two sends (default 5000). */
  tickMs?: number;
  /** Start of the first window (epoch ms); default: where the saved state or the history ended. */
  start?: number;
  /** JSON file keeping the end of the last delivered window, so a restart resumes there. */
  statePath?: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
  /**
   * The infection-prevention observer who holds the schedule's sessions after the history and
   * records them through the API (live-observer.ts); while it is on, the watched staff clean their
   * hands more often. None: no session after the history is held.
   */
  observer?: LiveObserver;
  /** Injected failures (SIMULATOR_FAILURES, failures.ts): the events they silence are never sent. */
  failures?: readonly Failure[];
}

/** At most this much is caught up after a pause; older gaps stay gaps. */
const MAX_CATCH_UP = 6 * HOUR;
/** A batch the server refuses event by event is given up after this many removals. */
const MAX_REFUSED_PER_BATCH = 20;

/** What the server made of a delivery. */
export interface DeliveryTally {
  accepted: number;
  duplicates: number;
  /** Events the server refused (a device it no longer knows, say): logged and dropped. */
  refused: number;
}

class NetworkError extends Error {}

async function post(baseUrl: string, secret: string, gateway: string, events: IngestEvent[]) {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/ingest/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-gateway-mac': gateway,
        authorization: `Bearer ${gatewayToken(secret, gateway)}`,
      },
      body: JSON.stringify({ events }),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => ({}))) as { accepted?: number; duplicates?: number; message?: string };
  if (response.status >= 500) throw new NetworkError(`HTTP ${response.status}`);
  return { status: response.status, body };
}

/**
 * Sends events, per gateway in batches of at most INGEST_MAX_BATCH. A batch the server refuses
 * (400) loses only the event it names, and is sent again without it. Throws NetworkError when the
 * server cannot be reached or fails (5xx), so the caller sends the window again later; events
 * already stored then come back as duplicates, which the ingest ignores.
 */
export async function deliver(baseUrl: string, secret: string, events: readonly SimEvent[], log: (line: string) => void): Promise<DeliveryTally> {
  const tally: DeliveryTally = { accepted: 0, duplicates: 0, refused: 0 };
  const byGateway = new Map<string, IngestEvent[]>();
  for (const e of events) {
    if (e.gateway === null) continue;
    const list = byGateway.get(e.gateway);
    if (list) list.push(e.event);
    else byGateway.set(e.gateway, [e.event]);
  }
  for (const [gateway, list] of byGateway) {
    for (let i = 0; i < list.length; i += INGEST_MAX_BATCH) {
      let batch = list.slice(i, i + INGEST_MAX_BATCH);
      for (let attempt = 0; batch.length > 0; attempt++) {
        const { status, body } = await post(baseUrl, secret, gateway, batch);
        if (status === 200) {
          tally.accepted += body.accepted ?? 0;
          tally.duplicates += body.duplicates ?? 0;
          break;
        }
        const index = /^Event (\d+)/.exec(body.message ?? '')?.[1];
        if (status !== 400 || index === undefined || attempt >= MAX_REFUSED_PER_BATCH) {
          log(`simulator: gateway ${gateway} refused ${batch.length} events (HTTP ${status}: ${body.message ?? 'no message'})`);
          tally.refused += batch.length;
          break;
        }
        log(`simulator: dropped one event: ${body.message ?? ''}`);
        tally.refused++;
        batch = batch.filter((_, j) => j !== Number(index));
      }
    }
  }
  return tally;
}

async function readState(path: string | undefined): Promise<number | null> {
  if (!path) return null;
  try {
    const state = JSON.parse(await readFile(path, 'utf8')) as { last?: string };
    const last = state.last ? Date.parse(state.last) : Number.NaN;
    return Number.isFinite(last) ? last : null;
  } catch {
    return null;
  }
}

/**
 * Writes where delivery stands: to a side file, then renamed over the state, so a reader (the
 * next start, or anyone watching) never finds a half-written file.
 */
async function saveState(path: string, last: number): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, JSON.stringify({ last: new Date(last).toISOString() }));
  await rename(partial, path);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Runs the live simulator until `signal` aborts: every tick generates the events of
 * [last, now) and delivers them as the gateways would. On a network error the window is kept and
 * sent again (grown) at the next tick, so nothing is lost. Logs one line per minute.
 */
export async function runLive(options: LiveOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const tickMs = options.tickMs ?? 5000;
  const seed = options.seed ?? DEFAULT_SIMULATOR_SEED;
  const now = Date.now();
  const historyEnd = options.world.data.historyEnd ? Date.parse(options.world.data.historyEnd) : Number.NaN;
  const resumeAt = (await readState(options.statePath)) ?? (Number.isFinite(historyEnd) ? historyEnd : now - tickMs);
  let last = options.start ?? Math.max(resumeAt, now - MAX_CATCH_UP);
  const observedSince = last;
  const minute = { sent: 0, duplicates: 0, refused: 0, failures: 0, observations: 0, observerFailures: 0, since: now };

  while (!options.signal?.aborted) {
    const to = Date.now();
    if (to > last) {
      const events = generateEvents(options.world, { from: last, to, seed, watchLive: options.observer !== undefined, failures: options.failures ?? [] });
      try {
        const tally = await deliver(options.baseUrl, options.secret, events, log);
        minute.sent += tally.accepted;
        minute.duplicates += tally.duplicates;
        minute.refused += tally.refused;
        last = to;
        if (options.statePath) await saveState(options.statePath, last);
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        minute.failures++;
      }
      try {
        minute.observations += (await options.observer?.record(observedSince, to))?.observations ?? 0;
      } catch (error) {
        if (!(error instanceof ObserverUnreachable)) throw error;
        minute.observerFailures++;
      }
    }
    if (Date.now() - minute.since >= MINUTE) {
      const behind = minute.failures > 0 ? `, ${minute.failures} failed sends (retrying from ${new Date(last).toISOString()})` : '';
      const observed = options.observer ? `; observer: ${minute.observations} observations recorded${minute.observerFailures > 0 ? `, ${minute.observerFailures} failed calls (retrying)` : ''}` : '';
      log(`simulator: ${minute.sent} events sent in the last minute (${minute.duplicates} duplicates, ${minute.refused} refused${behind})${observed}`);
      Object.assign(minute, { sent: 0, duplicates: 0, refused: 0, failures: 0, observations: 0, observerFailures: 0, since: Date.now() });
    }
    await sleep(tickMs, options.signal);
  }
}
