import type Pusher from 'pusher';
import { SERVER_CHANNEL } from '../../contracts/realtime';
import { SERVER_LOG_EVENT, type ServerLogBatch, type ServerLogEntry } from '../../contracts/server-log';

export interface PublisherOptions {
  pusher: Pick<Pusher, 'triggerBatch' | 'get'>;
  /** Where failures of the channel are reported (at most once a minute). */
  warn: (message: string, error?: unknown) => void;
  /** How long entries gather before one publishing call: at most one call per this many ms. */
  flushMs?: number;
  /** The most entries waiting; beyond it the oldest are dropped (and counted). */
  maxWaiting?: number;
  /** How long the channel's occupancy, as the Pusher server answered it, is believed. */
  occupancyMs?: number;
  /** How long publishing rests after a failed call. */
  restMs?: number;
  now?: () => number;
}

/** Pusher's limits: 10 events a batch call, 10 kB of data an event (kept below, for the JSON around it). */
const EVENTS_PER_CALL = 10;
const EVENT_BYTES = 9_000;
const WARN_EVERY_MS = 60_000;

export interface ServerLogPublisher {
  /** Whether entries are wanted now: someone may be listening (or the server cannot tell). */
  wanted(): boolean;
  /** Queues an entry for the next publishing call. */
  add(entry: ServerLogEntry): void;
  /** A subscription to the channel was just signed: publish from now on, before the next occupancy check says so. */
  subscriberExpected(): void;
  /** Entries dropped so far (too many waiting, or a failed call). */
  droppedTotal(): number;
  /** Stops the timer; waiting entries are left unpublished. */
  close(): void;
  /** Publishes what waits now (tests). */
  flush(): Promise<void>;
}

/**
 * Publishes log entries on the server channel after the answers went out: gathered for `flushMs`,
 * then sent in one batch call of up to ten events, each carrying as many entries as fit in
 * Pusher's event size. Memory is bounded (`maxWaiting`, oldest dropped first). The channel's
 * occupancy is asked of the Pusher server every `occupancyMs` while requests come, and nothing is
 * built or sent while nobody listens; when the server cannot say, entries are published anyway.
 * A failed call is reported and ignored, and publishing rests for `restMs`.
 */
export function createServerLogPublisher(options: PublisherOptions): ServerLogPublisher {
  const { pusher, warn, flushMs = 250, maxWaiting = 500, occupancyMs = 3_000, restMs = 5_000, now = Date.now } = options;
  let waiting: ServerLogEntry[] = [];
  let dropped = 0;
  let droppedTotal = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending = false;
  let closed = false;
  let restUntil = 0;
  let lastWarning = -Infinity;
  /** true: someone listens; false: nobody; null: unknown (then publish). */
  let occupied: boolean | null = null;
  let occupancyCheckedAt = -Infinity;
  let checking = false;

  const report = (message: string, error?: unknown) => {
    if (now() - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now();
    warn(message, error);
  };

  const drop = (count: number) => {
    dropped += count;
    droppedTotal += count;
  };

  async function checkOccupancy(): Promise<void> {
    checking = true;
    occupancyCheckedAt = now();
    try {
      const response = await pusher.get({ path: `/channels/${SERVER_CHANNEL}` });
      const body = (await response.json()) as { occupied?: unknown };
      occupied = typeof body.occupied === 'boolean' ? body.occupied : null;
    } catch {
      occupied = null;
    } finally {
      checking = false;
    }
  }

  /** Consecutive events from the front of `entries`, each within Pusher's size limit. */
  function pack(entries: ServerLogEntry[]): { events: ServerLogBatch[]; used: number } {
    const events: ServerLogBatch[] = [];
    let used = 0;
    let current: ServerLogEntry[] = [];
    let bytes = 40;
    for (const entry of entries) {
      const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
      if (size + 40 > EVENT_BYTES) {
        // An entry too large for any event (bounded parts make it rare) is dropped, not sent.
        drop(1);
        used++;
        continue;
      }
      if (bytes + size > EVENT_BYTES) {
        events.push({ entries: current, dropped: 0 });
        if (events.length === EVENTS_PER_CALL) return { events, used };
        current = [];
        bytes = 40;
      }
      current.push(entry);
      bytes += size;
      used++;
    }
    if (current.length) events.push({ entries: current, dropped: 0 });
    return { events, used };
  }

  async function flush(): Promise<void> {
    timer = null;
    if (sending || closed || waiting.length === 0) return;
    if (now() < restUntil) {
      drop(waiting.length);
      waiting = [];
      return;
    }
    const { events, used } = pack(waiting);
    waiting = waiting.slice(used);
    if (events.length === 0) return;
    events[0]!.dropped = dropped;
    const sentDropped = dropped;
    dropped = 0;
    sending = true;
    try {
      await pusher.triggerBatch(events.map((data) => ({ channel: SERVER_CHANNEL, name: SERVER_LOG_EVENT, data })));
    } catch (error) {
      drop(sentDropped + events.reduce((n, e) => n + e.entries.length, 0));
      restUntil = now() + restMs;
      report('Could not publish the server log; requests are not affected', error);
    } finally {
      sending = false;
      if (waiting.length) schedule();
    }
  }

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref?.();
  }

  return {
    wanted() {
      if (closed) return false;
      if (!checking && now() - occupancyCheckedAt >= occupancyMs) void checkOccupancy();
      return occupied !== false;
    },
    add(entry) {
      if (closed) return;
      waiting.push(entry);
      if (waiting.length > maxWaiting) {
        const excess = waiting.length - maxWaiting;
        waiting.splice(0, excess);
        drop(excess);
      }
      schedule();
    },
    subscriberExpected() {
      occupied = true;
      occupancyCheckedAt = now();
    },
    droppedTotal: () => droppedTotal,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      waiting = [];
    },
    flush,
  };
}
