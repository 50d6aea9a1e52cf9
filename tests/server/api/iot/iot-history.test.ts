import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryPoint } from '../../../../server/src/contracts/iot';
import { iotConnectivityEvents, iotTelemetrySamples } from '../../../../server/src/db/schema';
import { thingHistory, writeIotHistory } from '../../../../server/src/simulator/iot/history';
import { iotContext } from './iot-client';

// The IoT devices' demo history: the same for the same seed, nothing after a thing was last seen,
// written again without doubling, and read back by the metrics.

const DAY_MS = 86_400_000;

describe('the IoT history', () => {
  let t: Awaited<ReturnType<typeof iotContext>>;
  beforeAll(async () => {
    t = await iotContext();
  });
  afterAll(() => t.ctx.close());

  it('gives a thing the same day for the same seed, and nothing after it was last seen', () => {
    const to = Date.UTC(2026, 10, 20);
    const from = to - DAY_MS;
    const online = { id: 1, awsId: 'FD-3N-0001', type: 'fall_device_v1' as const, connected: true, connectivityAt: new Date(to) };
    expect(thingHistory(online, from, to, 7)).toEqual(thingHistory(online, from, to, 7));
    const full = thingHistory(online, from, to, 7);
    expect(full.samples.length).toBeGreaterThan(40);
    expect(full.events[0]).toMatchObject({ connected: true, at: new Date(from) });
    const lastSeen = new Date(from + 6 * 3_600_000);
    const offline = thingHistory({ ...online, connected: false, connectivityAt: lastSeen }, from, to, 7);
    expect(offline.samples.every((s) => (s.at as Date) < lastSeen)).toBe(true);
    expect(offline.events.at(-1)).toMatchObject({ connected: false, at: lastSeen });
    expect(thingHistory({ ...online, connected: false, connectivityAt: new Date(from - 1) }, from, to, 7)).toEqual({ events: [], samples: [] });
  });

  it('writes a day again without doubling it, and the metrics read it', async () => {
    const to = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
    const from = new Date(to.getTime() - DAY_MS);
    const written = await writeIotHistory(t.ctx.db, from, to, 11);
    expect(written).toBeGreaterThan(0);
    const counted = async () => (await t.ctx.db.select({ n: count() }).from(iotTelemetrySamples))[0]!.n + (await t.ctx.db.select({ n: count() }).from(iotConnectivityEvents))[0]!.n;
    const once = await counted();
    expect(await writeIotHistory(t.ctx.db, from, to, 11)).toBe(written);
    expect(await counted()).toBe(once);

    const [sample] = await t.ctx.db.select().from(iotTelemetrySamples).where(eq(iotTelemetrySamples.metric, 'system location')).limit(1);
    const telemetry = await t.call<{ data: TelemetryPoint[] }>(t.admin, 'GET', `iot/things/${sample!.thingId}/telemetry/aggregate`, undefined, {
      from: from.toISOString(),
      to: to.toISOString(),
      interval: '6h',
    });
    expect(telemetry.status).toBe(200);
    expect(telemetry.body.data.filter((p) => p.metric === 'system location').reduce((sum, p) => sum + p.value, 0)).toBeGreaterThan(0);
  });
});
