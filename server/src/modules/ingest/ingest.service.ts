import type { IngestResponse } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import type { DeviceRow } from '../../db/schema';
import { loadDirectory } from './directory.repo';
import { storeBatch, type ReadyBatch } from './ingest.repo';
import { spanDeriver } from './span-deriver';
import { macsOf, parseEvents, resolveEvents } from './resolve';

export { IngestError } from './resolve';

export interface IngestOptions {
  /** The gateway that sent the batch: every device named must be of its site. */
  gateway?: DeviceRow | null;
  /**
   * Update the derived tables before answering (true, the default); after answering, soon and
   * bounded ('deferred', see span-deriver.ts); or not at all (false: a bulk load derives once at the end).
   */
  derive?: boolean | 'deferred';
}

/**
 * Stores a batch of gateway events. All or nothing: the first invalid or unresolvable event
 * refuses the whole batch (IngestError). Event ids already stored are ignored, so replaying a
 * batch changes nothing.
 *
 * With derivation (the default) the answer comes once the derived rows the batch changes are
 * committed too: its spans are recorded with it and derived by the span deriver, together with
 * those of the batches stored meanwhile (span-deriver.ts).
 */
export async function ingestEvents(db: Database, events: readonly unknown[], opts: IngestOptions = {}): Promise<IngestResponse> {
  const parsed = parseEvents(events);
  if (parsed.length === 0) return { accepted: 0, duplicates: 0 };
  // What the directory must hold: the MACs named, the earliest moment, the zones named directly.
  const macs = new Set<string>();
  const reminderZones: number[] = [];
  let earliest = Infinity;
  for (const e of parsed) {
    for (const mac of macsOf(e)) macs.add(mac);
    earliest = Math.min(earliest, Date.parse(e.at));
    if (e.type === 'reminder') reminderZones.push(e.zoneId);
  }
  const directory = await loadDirectory(db, [...macs], new Date(earliest), reminderZones);
  const ready: ReadyBatch = { batch: resolveEvents(directory, parsed, opts.gateway ?? null), gatewayId: opts.gateway?.id ?? null, sent: parsed.length };
  const derive = opts.derive ?? true;
  if (derive === false) return db.transaction((tx) => storeBatch(tx, ready, false));
  const deriver = spanDeriver(db);
  if (derive === 'deferred') await deriver.room(ready.sent);
  const response = await db.transaction((tx) => storeBatch(tx, ready, true));
  // Asked before `stored` starts a derivation, so the derivation this batch waits for is that one.
  const derived = derive === true ? deriver.settled() : null;
  deriver.stored(response.accepted);
  if (derived) await derived;
  return response;
}
