import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IOT_MESSAGES, type ConnectivityPoint, type TelemetryPoint, type Thing } from '../../../../server/src/contracts/iot';
import { iotJobs, iotThings } from '../../../../server/src/db/schema';
import { ICU_NORTH, iotContext } from './iot-client';

// The things of the IoT Devices page and the Location Editor: paged lists, status, software,
// connectivity and telemetry, a fall device moved; every one of them, and every job, out of reach
// of a caller whose scope is another organization.

const HOUR_MS = 3_600_000;

describe('IoT things', () => {
  let t: Awaited<ReturnType<typeof iotContext>>;
  let stMarysThing: Thing;
  let stMarysJobId: number;
  let nfcGatewayId: number;

  beforeAll(async () => {
    t = await iotContext();
    const [row] = await t.ctx.db.select().from(iotThings).where(and(eq(iotThings.groupId, ICU_NORTH), eq(iotThings.type, 'fall_device_v1'))).orderBy(asc(iotThings.id)).limit(1);
    const listed = await t.call<{ data: Thing[] }>(t.admin, 'GET', 'iot/things', undefined, { groupIds: [String(ICU_NORTH)], take: '100' });
    stMarysThing = listed.body.data.find((thing) => thing.id === row!.id)!;
    nfcGatewayId = listed.body.data.find((thing) => thing.type === 'nfc_gateway_v1')!.id;
    const [job] = await t.ctx.db.select({ id: iotJobs.id }).from(iotJobs).where(eq(iotJobs.groupId, ICU_NORTH)).limit(1);
    stMarysJobId = job!.id;
  });
  afterAll(() => t.ctx.close());

  it('pages the things of a location by take and startingAfter, with the total count', async () => {
    const first = await t.call<{ data: Thing[]; totalCount: number }>(t.admin, 'GET', 'iot/things', undefined, { groupIds: [String(ICU_NORTH)], take: '3' });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.totalCount).toBeGreaterThan(3);
    const second = await t.call<{ data: Thing[]; totalCount: number }>(t.admin, 'GET', 'iot/things', undefined, {
      groupIds: [String(ICU_NORTH)],
      take: '100',
      startingAfter: String(first.body.data[2]!.id),
    });
    expect(second.body.totalCount).toBe(first.body.totalCount);
    expect(second.body.data).toHaveLength(first.body.totalCount - 3);
    expect(second.body.data.every((thing) => thing.id > first.body.data[2]!.id)).toBe(true);
    const ids = [...first.body.data, ...second.body.data].map((thing) => thing.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers things with their type name, software and status, and searches serial numbers and names', async () => {
    expect(stMarysThing).toMatchObject({ entityType: 'IOT_DEVICE', typeName: 'Fall Device', groupName: 'ICU – 3 North' });
    expect(stMarysThing.packages.map((p) => p.name).sort()).toEqual(['fall-detector', 'lavo-agent']);
    const found = await t.call<{ data: Thing[]; totalCount: number }>(t.admin, 'GET', 'iot/things', undefined, { 'search[]': [stMarysThing.awsId] });
    expect(found.body.data.map((thing) => thing.id)).toEqual([stMarysThing.id]);
    const gateways = await t.call<{ data: Thing[] }>(t.admin, 'GET', 'iot/things', undefined, { search: ['NFC Gateway'], groupIds: [String(ICU_NORTH)] });
    expect(gateways.body.data.map((thing) => thing.typeName)).toEqual(['NFC Gateway']);
  });

  it("filters by the 'Last Online' buckets", async () => {
    const now = Date.now();
    await t.ctx.db.update(iotThings).set({ connected: false, connectivityAt: new Date(now - 15 * HOUR_MS) }).where(eq(iotThings.id, nfcGatewayId));
    const bucket = async (lastOnline: string) =>
      (await t.call<{ data: Thing[] }>(t.admin, 'GET', 'iot/things', undefined, { groupIds: [String(ICU_NORTH)], lastOnline, take: '100' })).body.data.map((thing) => thing.id);
    expect(await bucket('12-24h')).toContain(nfcGatewayId);
    expect(await bucket('online')).not.toContain(nfcGatewayId);
    expect(await bucket('0-12h')).not.toContain(nfcGatewayId);
    expect((await t.call(t.admin, 'GET', 'iot/things', undefined, { lastOnline: 'yesterday' })).status).toBe(400);
  });

  it('reports connectivity and telemetry over a range, per interval', async () => {
    const thing = t.asThing(stMarysThing.awsId);
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
    expect((await t.call(thing, 'POST', 'things/connectivity', { connected: false })).status).toBe(200);
    const status = await t.call<{ connected: boolean; timestamp: string }>(t.admin, 'GET', `iot/things/${stMarysThing.id}/status`);
    expect(status.body.connected).toBe(false);
    expect((await t.call(thing, 'POST', 'things/connectivity', { connected: true })).status).toBe(200);
    const samples = [
      { metric: 'system location', value: 4, at: at(2.1) },
      { metric: 'system location', value: 6, at: at(2.05) },
      { metric: 'dispense uploads', value: 1, at: at(1.5) },
    ];
    expect((await t.call(thing, 'POST', 'things/telemetry', { samples })).body).toEqual({ recorded: 3 });

    const range = { from: at(6), to: at(0) };
    const connectivity = await t.call<{ connectivityData: ConnectivityPoint[] }>(t.admin, 'GET', `iot/things/${stMarysThing.id}/connectivity`, undefined, range);
    expect(connectivity.body.connectivityData.slice(-2).map((p) => p.connected)).toEqual([false, true]);
    const telemetry = await t.call<{ data: TelemetryPoint[] }>(t.admin, 'GET', `iot/things/${stMarysThing.id}/telemetry/aggregate`, undefined, { ...range, interval: '6h' });
    const total = (metric: string) => telemetry.body.data.filter((p) => p.metric === metric).reduce((sum, p) => sum + p.value, 0);
    expect(total('system location')).toBe(10);
    expect(total('dispense uploads')).toBe(1);
    const fine = await t.call<{ data: TelemetryPoint[] }>(t.admin, 'GET', `iot/things/${stMarysThing.id}/telemetry/aggregate`, undefined, { ...range, metrics: 'system location' });
    // 30 min by default: 13 intervals over 6 hours, each present.
    expect(fine.body.data.length).toBeGreaterThanOrEqual(12);
    expect(new Set(fine.body.data.map((p) => p.metric))).toEqual(new Set(['system location']));
  });

  it('refuses metric ranges outside the last month or in the future, and unknown intervals', async () => {
    const url = `iot/things/${stMarysThing.id}/telemetry/aggregate`;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
    const refused = async (query: Record<string, string>) => {
      const res = await t.call<{ message: string }>(t.admin, 'GET', url, undefined, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      return res.body.message;
    };
    expect(await refused({ from: day(-40), to: day(0) })).toMatch(/last 31 days/);
    expect(await refused({ from: day(-1), to: day(2) })).toMatch(/future/);
    expect(await refused({ from: day(0), to: day(-1) })).toMatch(/after/);
    expect(await refused({ from: day(-1), to: day(0), interval: '2h' })).toMatch(/5m, 15m, 30m, 1h, 6h/);
    expect(await refused({ from: 'yesterday', to: day(0) })).toMatch(/ISO 8601/);
    expect((await t.call(t.admin, 'GET', 'iot/things', undefined, { take: '101' })).status).toBe(400);
    expect((await t.call(t.admin, 'GET', 'iot/things/abc/status')).status).toBe(400);
  });

  it('moves a fall device with rounded coordinates, and not another type of thing', async () => {
    const moved = await t.call<Thing>(t.admin, 'PATCH', `iot/things/falls/${stMarysThing.id}`, { groupId: ICU_NORTH, name: 'Fall Sensor moved', posX: 120.6, posY: 80.4 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Fall Sensor moved', x: 121, y: 80 });
    const gateway = await t.call<{ message: string }>(t.admin, 'PATCH', `iot/things/falls/${nfcGatewayId}`, { groupId: ICU_NORTH, name: 'x', posX: 1, posY: 1 });
    expect(gateway).toEqual({ status: 404, body: expect.objectContaining({ message: IOT_MESSAGES.fallDeviceNotFound }) });
    const readOnly = await t.call<{ message: string }>(t.admin, 'PATCH', `iot/things/falls/${stMarysThing.id}`, { groupId: ICU_NORTH, name: 'x', posX: 1, posY: 1, awsId: 'NEW' });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toMatch(/unknown field 'awsId'/);
  });

  it('answers 404 for every thing and job of another organization, and lists none of them', async () => {
    const id = stMarysThing.id;
    const week = { from: new Date(Date.now() - 7 * 86_400_000).toISOString(), to: new Date().toISOString() };
    const calls: [Parameters<typeof t.call>[1], string, unknown?, Record<string, string>?][] = [
      ['GET', `iot/things/${id}/status`],
      ['GET', `iot/things/${id}/packages`],
      ['GET', `iot/things/${id}/connectivity`, undefined, week],
      ['GET', `iot/things/${id}/telemetry/aggregate`, undefined, week],
      ['GET', `iot/things/${id}/jobs/executions`],
      ['PATCH', `iot/things/falls/${id}`, { groupId: ICU_NORTH, name: 'Taken', posX: 1, posY: 1 }],
      ['PUT', `iot/jobs/${stMarysJobId}/cancel`],
      ['GET', `iot/jobs/${stMarysJobId}/executions`],
      ['GET', `iot/jobs/${stMarysJobId}/executions/${id}`],
      ['PUT', `iot/things/${id}/jobs/${stMarysJobId}/cancel`],
      ['GET', 'iot/jobs', undefined, { groupIds: String(ICU_NORTH) }],
      ['GET', 'iot/things', undefined, { groupIds: String(ICU_NORTH) }],
      ['POST', 'iot/jobs', { name: 'Theirs', groupId: ICU_NORTH, templateId: 4, thingAwsIds: [stMarysThing.awsId] }],
    ];
    for (const [method, url, body, query] of calls) {
      const res = await t.call(t.riverside, method, url, body, query);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const [riversideThing] = (await t.call<{ data: Thing[] }>(t.riverside, 'GET', 'iot/things')).body.data;
    expect(riversideThing).toBeDefined();
    const all = await t.call<{ data: Thing[]; totalCount: number }>(t.riverside, 'GET', 'iot/things', undefined, { take: '100' });
    expect(all.body.data.every((thing) => thing.groupName.startsWith('ICU – 2') || thing.groupName.startsWith('Oncology'))).toBe(true);
    const jobs = await t.call<{ data: { groupId: number }[] }>(t.riverside, 'GET', 'iot/jobs');
    expect(jobs.body.data.every((job) => job.groupId !== ICU_NORTH)).toBe(true);
    // A Riverside job may not name a St. Mary's thing.
    const mixed = await t.call<{ message: string }>(t.riverside, 'POST', 'iot/jobs', { name: 'Mixed', groupId: riversideThing!.groupId, templateId: 4, thingAwsIds: [riversideThing!.awsId, stMarysThing.awsId] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toContain(stMarysThing.awsId);
  });

  it("serves a software package's versions, newest first", async () => {
    const versions = await t.call<{ data: { version: string; latest: boolean }[] }>(t.admin, 'GET', 'iot/software/fall-detector');
    expect(versions.body.data[0]).toEqual(expect.objectContaining({ version: '1.4.1', latest: true }));
    expect(versions.body.data.filter((v) => v.latest)).toHaveLength(1);
    expect((await t.call(t.admin, 'GET', 'iot/software/no-such-package')).status).toBe(404);
    expect((await t.call(t.admin, 'GET', `iot/software/${encodeURIComponent('../etc')}`)).status).toBe(400);
  });
});
