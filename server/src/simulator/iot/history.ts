import { and, gte, inArray, lt } from 'drizzle-orm';
import { METRICS_MAX_DAYS, type TelemetryMetric } from '../../contracts/iot';
import type { Database } from '../../db/client';
import { createRandom } from '../../db/demo/random';
import { stableHash } from '../../db/demo/devices-data';
import { iotConnectivityEvents, iotTelemetrySamples, iotThings, type IotThingRow } from '../../db/schema';

// The IoT devices' history (docs/IOT.md 'Demo'): for each day of the demo history within the
// metrics' reach, every thing's connects and disconnects (a short drop-out now and then) and its
// telemetry every SAMPLE_MS, busier by day than by night. A thing last seen before the day's end
// has nothing after that. Writing a day again replaces it, so the history is written once.

/** How far back the IoT history reaches: as far as the metrics dialog does. */
export const IOT_HISTORY_DAYS = METRICS_MAX_DAYS;
const SAMPLE_MS = 30 * 60_000;
const MINUTE_MS = 60_000;

/** Per SAMPLE_MS at the busiest hour: fall devices report positions, NFC gateways upload dispenses. */
const PEAK: Readonly<Record<IotThingRow['type'], Readonly<Record<TelemetryMetric, number>>>> = {
  fall_device_v1: { 'system location': 40, 'dispense uploads': 2 },
  nfc_gateway_v1: { 'system location': 4, 'dispense uploads': 30 },
};

/** Busier by day: 0.25 at night to 1 in the early afternoon (UTC hours, close enough for a demo). */
const activity = (at: number) => 0.25 + 0.75 * Math.max(0, Math.sin((((new Date(at).getUTCHours() + 18) % 24) / 24) * Math.PI));

type Event = typeof iotConnectivityEvents.$inferInsert;
type Sample = typeof iotTelemetrySamples.$inferInsert;

/** One thing's history over [from, to): pure, the same for the same seed. */
export function thingHistory(thing: Pick<IotThingRow, 'id' | 'awsId' | 'type' | 'connected' | 'connectivityAt'>, from: number, to: number, seed: number): { events: Event[]; samples: Sample[] } {
  const random = createRandom(seed ^ stableHash(`${thing.awsId}/${from}`));
  const lastSeen = !thing.connected && thing.connectivityAt ? thing.connectivityAt.getTime() : Number.POSITIVE_INFINITY;
  const end = Math.min(to, lastSeen);
  if (end <= from) return { events: [], samples: [] };
  const events: Event[] = [{ thingId: thing.id, connected: true, at: new Date(from) }];
  // A drop-out on about one day in three.
  let dropFrom = Number.POSITIVE_INFINITY;
  let dropTo = Number.POSITIVE_INFINITY;
  if (random.chance(0.35)) {
    dropFrom = from + random.int(0, Math.floor((to - from) / MINUTE_MS) - 120) * MINUTE_MS;
    dropTo = dropFrom + random.int(5, 90) * MINUTE_MS;
    if (dropFrom < end) events.push({ thingId: thing.id, connected: false, at: new Date(dropFrom) });
    if (dropTo < end) events.push({ thingId: thing.id, connected: true, at: new Date(dropTo) });
  }
  if (lastSeen < to) events.push({ thingId: thing.id, connected: false, at: new Date(lastSeen) });
  const samples: Sample[] = [];
  for (let at = Math.ceil(from / SAMPLE_MS) * SAMPLE_MS; at < end; at += SAMPLE_MS) {
    if (at >= dropFrom && at < dropTo) continue;
    for (const [metric, peak] of Object.entries(PEAK[thing.type]) as [TelemetryMetric, number][]) {
      const value = Math.round(peak * activity(at) * (0.6 + 0.8 * random.next()));
      if (value > 0) samples.push({ thingId: thing.id, metric, value, at: new Date(at) });
    }
  }
  return { events, samples };
}

/** Writes (or writes again) every thing's history over [from, to). */
export async function writeIotHistory(db: Database, from: Date, to: Date, seed: number): Promise<number> {
  const things = await db.select().from(iotThings);
  if (things.length === 0) return 0;
  const ids = things.map((t) => t.id);
  const histories = things.map((thing) => thingHistory(thing, from.getTime(), to.getTime(), seed));
  const events = histories.flatMap((h) => h.events);
  const samples = histories.flatMap((h) => h.samples);
  await db.transaction(async (tx) => {
    await tx.delete(iotConnectivityEvents).where(and(inArray(iotConnectivityEvents.thingId, ids), gte(iotConnectivityEvents.at, from), lt(iotConnectivityEvents.at, to)));
    await tx.delete(iotTelemetrySamples).where(and(inArray(iotTelemetrySamples.thingId, ids), gte(iotTelemetrySamples.at, from), lt(iotTelemetrySamples.at, to)));
    for (let i = 0; i < events.length; i += 1_000) await tx.insert(iotConnectivityEvents).values(events.slice(i, i + 1_000));
    for (let i = 0; i < samples.length; i += 1_000) await tx.insert(iotTelemetrySamples).values(samples.slice(i, i + 1_000));
  });
  return events.length + samples.length;
}
