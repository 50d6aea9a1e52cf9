import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_GATEWAY_MODEL_ID } from '../../../../server/src/contracts/devices';
import {
  GATEWAY_MESSAGES,
  GATEWAY_SETUP_GROUP_ID,
  GATEWAY_STAT_HOURS,
  GATEWAY_STAT_TYPES,
  type Gateway,
  type GatewaySoftwareJob,
  type GatewayStats,
} from '../../../../server/src/contracts/gateways';
import type { CreatedDevice } from '../../../../server/src/contracts/device-registry';
import { gatewayToken } from '../../../../server/src/core/gateway-auth';
import { devices, eventLedger, gatewaySoftware, heartbeatEvents, softwareJobs, softwareVersions } from '../../../../server/src/db/schema';
import { MODEL_IDS } from '../../../../server/src/db/demo/devices-data';
import { createTestApp, signIn, TEST_INGEST_SECRET, type Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';

// The Gateways page on the server: the list and its stats, a gateway named and moved out of the
// setup queue, software jobs queued (an add already queued ignored) and carried out by the
// gateway, the remote terminal through the gateway's report, devices added in bulk; and never a
// gateway of another organization.

const ICU_NORTH = 6;
const ST_MARYS = 2;
const RIVERSIDE_ORG = 4;
const PROVIDER = 1;

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

async function call<T = unknown>(app: TestApp, headers: Record<string, string>, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await app.inject({ method, url: `/api/${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.json<T>() };
}

describe('gateways', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  /** Every subject, managing Riverside only: St. Mary's gateways are another organization's. */
  let other: Record<string, string>;
  /** Badges only: no Gateways page. */
  let badgesOnly: Record<string, string>;
  let kiosk: { id: number; mac: string; name: string };
  let kioskAuth: Record<string, string>;
  const auth = (tokens: Tokens) => ({ authorization: tokens.idToken });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = auth(await signIn('admin@demo.health'));
    other = auth(
      (await createScopedAccount(ctx.db, { subjects: ['GATEWAYS', 'BADGES'], groupIds: [], managedOrganizationIds: [RIVERSIDE_ORG], organizationId: PROVIDER, label: 'gw-riverside' }))
        .tokens,
    );
    badgesOnly = auth((await createScopedAccount(ctx.db, { subjects: ['BADGES'], groupIds: [ICU_NORTH], label: 'gw-badges' })).tokens);
    const [row] = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'GATEWAY'), eq(devices.modelId, KIOSK_GATEWAY_MODEL_ID)))
      .orderBy(asc(devices.id))
      .limit(1);
    kiosk = { id: row!.id, mac: row!.mac, name: row!.name };
    kioskAuth = { 'x-gateway-mac': kiosk.mac, authorization: `Bearer ${gatewayToken(TEST_INGEST_SECRET, kiosk.mac)}` };
  });
  afterAll(() => ctx.close());

  it('lists the gateways of a location and its descendants with their software, versions and status', async () => {
    const res = await call<Gateway[]>(ctx.app, admin, 'GET', `devices/gateway/${ST_MARYS}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1);
    const row = res.body.find((g) => g.id === kiosk.id)!;
    expect(row).toMatchObject({ mac: kiosk.mac, modelId: KIOSK_GATEWAY_MODEL_ID, station: true, groupId: ICU_NORTH, groupName: 'ICU – 3 North' });
    expect(row.software.map((s) => s.name).sort()).toEqual(['lavo-daemon', 'lavo-gateway', 'lavo-kiosk']);
    for (const pkg of row.software) expect(pkg.outdated).toBe(pkg.version.current?.id !== pkg.version.latest?.id);
    expect(row.availableVersions.find((p) => p.packageName === 'lavo-kiosk')?.versions.map((v) => v.version)).toEqual(['5.2.0', '5.1.4', '5.0.0']);
    expect(res.body.some((g) => !g.station)).toBe(true);
    // Some demo gateways run a version behind.
    expect(res.body.some((g) => g.software.some((s) => s.outdated))).toBe(true);
  });

  it('answers the last 24 hours of a gateway hour by hour from what it sent', async () => {
    const now = new Date();
    await ctx.db.insert(heartbeatEvents).values([
      { ts: now, eventId: 'gw-stats-hb-1', deviceId: kiosk.id, gatewayId: kiosk.id },
      { ts: now, eventId: 'gw-stats-hb-2', deviceId: kiosk.id, gatewayId: kiosk.id },
    ]);
    await ctx.db.insert(eventLedger).values([
      { eventId: 'gw-stats-presence', kind: 'presence', ts: now, gatewayId: kiosk.id },
      { eventId: 'gw-stats-bed', kind: 'bed', ts: now, gatewayId: kiosk.id },
      { eventId: 'gw-stats-dispense', kind: 'dispense', ts: now, gatewayId: kiosk.id },
      { eventId: 'gw-stats-old', kind: 'dispense', ts: new Date(now.getTime() - 30 * 3_600_000), gatewayId: kiosk.id },
    ]);
    const res = await call<GatewayStats>(ctx.app, admin, 'GET', `devices/gateway/stats/${kiosk.id}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(GATEWAY_STAT_HOURS * GATEWAY_STAT_TYPES.length);
    const last = (type: string) => res.body.items.filter((i) => i.type === type).at(-1)!;
    expect(last('Heartbeats').value).toBeGreaterThanOrEqual(2);
    expect(last('Location Events').value).toBeGreaterThanOrEqual(2);
    expect(last('Dispense Events').value).toBeGreaterThanOrEqual(1);
    for (const item of res.body.items) expect(item.max).toBeGreaterThanOrEqual(item.value);
    const hours = res.body.items.filter((i) => i.type === 'Heartbeats').map((i) => Date.parse(i.hour));
    expect(hours.at(-1)! - hours[0]!).toBe((GATEWAY_STAT_HOURS - 1) * 3_600_000);
  });

  it('names a new gateway and moves it out of the setup queue', async () => {
    const queue = await call<Gateway[]>(ctx.app, admin, 'GET', `devices/gateway/${GATEWAY_SETUP_GROUP_ID}`);
    expect(queue.status).toBe(200);
    expect(queue.body.length).toBeGreaterThanOrEqual(2);
    const fresh = queue.body[0]!;
    expect(fresh.name).toBe('');

    const taken = await call<{ message: string }>(ctx.app, admin, 'POST', 'gateways/config', { id: fresh.id, groupId: ICU_NORTH, name: kiosk.name.toUpperCase() });
    expect(taken).toMatchObject({ status: 409, body: { message: GATEWAY_MESSAGES.nameTaken } });
    const intoQueue = await call(ctx.app, admin, 'POST', 'gateways/config', { id: fresh.id, groupId: GATEWAY_SETUP_GROUP_ID, name: 'Gateway 3N-Setup' });
    expect(intoQueue.status).toBe(400);

    const res = await call<Gateway>(ctx.app, admin, 'POST', 'gateways/config', { id: fresh.id, groupId: ICU_NORTH, name: 'Gateway 3N-Setup' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: fresh.id, name: 'Gateway 3N-Setup', groupId: ICU_NORTH, groupName: 'ICU – 3 North' });
    const after = await call<Gateway[]>(ctx.app, admin, 'GET', `devices/gateway/${GATEWAY_SETUP_GROUP_ID}`);
    expect(after.body.map((g) => g.id)).not.toContain(fresh.id);
    expect(after.body).toHaveLength(queue.body.length - 1);
  });

  it('queues a software job once and lets the gateway carry it out', async () => {
    const [version] = await ctx.db
      .select()
      .from(softwareVersions)
      .where(and(eq(softwareVersions.modelId, KIOSK_GATEWAY_MODEL_ID), eq(softwareVersions.packageName, 'lavo-kiosk'), eq(softwareVersions.version, '5.0.0')));
    const body = [{ deviceId: kiosk.id, modelId: KIOSK_GATEWAY_MODEL_ID, mac: kiosk.mac, softwareVersionIds: [version!.id] }];
    const first = await call<{ jobs: { id: number; queued: boolean; reason: string | null }[] }>(ctx.app, admin, 'POST', 'software/jobs', body);
    expect(first.status).toBe(200);
    expect(first.body.jobs).toEqual([expect.objectContaining({ deviceId: kiosk.id, softwareVersionId: version!.id, queued: true, reason: null })]);
    const jobId = first.body.jobs[0]!.id;
    const again = await call<{ jobs: { id: number; queued: boolean; reason: string | null }[] }>(ctx.app, admin, 'POST', 'software/jobs', body);
    expect(again.body.jobs).toEqual([expect.objectContaining({ id: jobId, queued: false, reason: 'Already queued or in progress' })]);
    expect(await ctx.db.select().from(softwareJobs).where(and(eq(softwareJobs.deviceId, kiosk.id), eq(softwareJobs.softwareVersionId, version!.id)))).toHaveLength(1);

    const pending = await call<GatewaySoftwareJob[]>(ctx.app, kioskAuth, 'GET', 'gateways/software/jobs');
    expect(pending.body).toContainEqual(expect.objectContaining({ id: jobId, status: 'PENDING', packageName: 'lavo-kiosk', version: '5.0.0' }));
    expect((await call(ctx.app, kioskAuth, 'POST', `gateways/software/jobs/${jobId}`, { status: 'UPDATED' })).status).toBe(409);
    expect(await call(ctx.app, kioskAuth, 'POST', `gateways/software/jobs/${jobId}`, { status: 'STARTED' })).toMatchObject({ status: 200, body: { status: 'STARTED' } });
    let row = (await call<Gateway[]>(ctx.app, admin, 'GET', `devices/gateway/${ICU_NORTH}`)).body.find((g) => g.id === kiosk.id)!;
    expect(row.updateStatus).toMatchObject({ jobId, status: 'STARTED', packageName: 'lavo-kiosk', version: '5.0.0' });
    expect(await call(ctx.app, kioskAuth, 'POST', `gateways/software/jobs/${jobId}`, { status: 'UPDATED', message: 'Installed' })).toMatchObject({ status: 200 });
    row = (await call<Gateway[]>(ctx.app, admin, 'GET', `devices/gateway/${ICU_NORTH}`)).body.find((g) => g.id === kiosk.id)!;
    expect(row.updateStatus).toMatchObject({ status: 'UPDATED', message: 'Installed' });
    expect(row.software.find((s) => s.name === 'lavo-kiosk')).toMatchObject({ version: { current: { version: '5.0.0' } }, outdated: true });
    const [installed] = await ctx.db.select().from(gatewaySoftware).where(and(eq(gatewaySoftware.deviceId, kiosk.id), eq(gatewaySoftware.packageName, 'lavo-kiosk')));
    expect(installed?.softwareVersionId).toBe(version!.id);
    // Ended: no longer the gateway's to do, and no further report moves it.
    expect((await call<GatewaySoftwareJob[]>(ctx.app, kioskAuth, 'GET', 'gateways/software/jobs')).body.map((j) => j.id)).not.toContain(jobId);
    expect((await call(ctx.app, kioskAuth, 'POST', `gateways/software/jobs/${jobId}`, { status: 'FAILED' })).status).toBe(409);
  });

  it('refuses a software job for a version of another model', async () => {
    const [foreign] = await ctx.db.select().from(softwareVersions).where(eq(softwareVersions.modelId, MODEL_IDS.g1c)).limit(1);
    const res = await call<{ message: string }>(ctx.app, admin, 'POST', 'software/jobs', [
      { deviceId: kiosk.id, modelId: KIOSK_GATEWAY_MODEL_ID, mac: kiosk.mac, softwareVersionIds: [foreign!.id] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(GATEWAY_MESSAGES.versionNotOfModel);
  });

  it('answers the terminal URL the gateway reports, or a timeout, and turns the terminal off', async () => {
    // Before asked: a URL the gateway sends is not kept.
    expect((await call(ctx.app, kioskAuth, 'POST', 'gateways/state', { terminalUrl: 'https://tmate.lavo.example/t/early' })).body).toEqual({ url: null, enabled: false });
    const toggled = call<{ url: string; enabled: boolean }>(ctx.app, admin, 'POST', 'devices/tmate/toggle', { deviceId: kiosk.id, enabled: true });
    let wish = { enabled: false };
    for (let i = 0; i < 50 && !wish.enabled; i++) {
      wish = (await call<{ enabled: boolean }>(ctx.app, kioskAuth, 'GET', 'gateways/terminal')).body;
      if (!wish.enabled) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(wish).toEqual({ enabled: true, url: null });
    await call(ctx.app, kioskAuth, 'POST', 'gateways/state', { terminalUrl: 'https://tmate.lavo.example/t/abc123' });
    expect(await toggled).toEqual({ status: 200, body: { url: 'https://tmate.lavo.example/t/abc123', enabled: true } });
    expect((await call(ctx.app, admin, 'POST', 'devices/tmate/toggle', { deviceId: kiosk.id, enabled: false })).body).toEqual({ url: null, enabled: false });
    expect((await call(ctx.app, kioskAuth, 'GET', 'gateways/terminal')).body).toEqual({ url: null, enabled: false });

    // No gateway answering: the toggle gives up after the command timeout with a clear error.
    const silent = await call<{ message: string }>(ctx.app, admin, 'POST', 'devices/tmate/toggle', { deviceId: kiosk.id, enabled: true });
    expect(silent).toMatchObject({ status: 504, body: { message: GATEWAY_MESSAGES.terminalTimeout } });
    await call(ctx.app, admin, 'POST', 'devices/tmate/toggle', { deviceId: kiosk.id, enabled: false });

    const [plain] = await ctx.db.select().from(devices).where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'GATEWAY'), eq(devices.role, 'GATEWAY'))).limit(1);
    expect(await call(ctx.app, admin, 'POST', 'devices/tmate/toggle', { deviceId: plain!.id, enabled: true })).toMatchObject({ status: 409, body: { message: GATEWAY_MESSAGES.notKiosk } });
  });

  it('adds scanned devices in bulk, each created or refused with its reason', async () => {
    const body = [
      { mac: '0e:5a:4d:50:00:01', type: 'BEACON', groupId: ICU_NORTH, modelId: MODEL_IDS.minew },
      { mac: '0E5A4D500002', type: 'DISPENSER', groupId: ICU_NORTH, modelId: MODEL_IDS.gen4, active: true },
      { mac: kiosk.mac, type: 'BEACON', groupId: ICU_NORTH, modelId: MODEL_IDS.minew },
      { mac: '0E:5A:4D:50:00:03', type: 'BEACON', groupId: ICU_NORTH, modelId: MODEL_IDS.gen4 },
    ];
    const res = await call<CreatedDevice[]>(ctx.app, admin, 'POST', 'devices', body);
    expect(res.status).toBe(201);
    expect(res.body.map((d) => [d.mac, d.active, d.reason?.message ?? null])).toEqual([
      ['0E:5A:4D:50:00:01', true, null],
      ['0E:5A:4D:50:00:02', true, null],
      [kiosk.mac, false, 'Device already exists at ICU – 3 North.'],
      ['0E:5A:4D:50:00:03', false, 'The model is not a model of this kind of device.'],
    ]);
    const [made] = await ctx.db.select().from(devices).where(eq(devices.mac, '0E:5A:4D:50:00:01'));
    expect(made).toMatchObject({ type: 'BEACON', groupId: ICU_NORTH, name: 'Beacon 00001' });
    // Bulk adds are the Gateways page's.
    expect((await call(ctx.app, badgesOnly, 'POST', 'devices', [{ ...body[0], mac: '0E:5A:4D:50:00:09' }])).status).toBe(403);
    // A location outside the scope refuses the whole call.
    expect((await call(ctx.app, other, 'POST', 'devices', [{ ...body[0], mac: '0E:5A:4D:50:00:0A' }])).status).toBe(404);
  });

  it('never reaches a gateway of another organization', async () => {
    const job = [{ deviceId: kiosk.id, modelId: KIOSK_GATEWAY_MODEL_ID, mac: kiosk.mac, softwareVersionIds: [1] }];
    const answers = [
      await call(ctx.app, other, 'GET', `devices/gateway/${ST_MARYS}`),
      await call(ctx.app, other, 'GET', `devices/gateway/${ICU_NORTH}`),
      await call(ctx.app, other, 'GET', `devices/gateway/stats/${kiosk.id}`),
      await call(ctx.app, other, 'POST', 'gateways/config', { id: kiosk.id, groupId: 15, name: 'Taken over' }),
      await call(ctx.app, other, 'POST', 'devices/tmate/toggle', { deviceId: kiosk.id, enabled: true }),
      await call(ctx.app, other, 'POST', 'software/jobs', job),
      // Nor the setup queue, the provider's own.
      await call(ctx.app, other, 'GET', `devices/gateway/${GATEWAY_SETUP_GROUP_ID}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Moving a gateway of one's own into another organization's location is refused too.
    const [riverside] = await ctx.db.select().from(devices).where(and(eq(devices.groupId, 15), eq(devices.type, 'GATEWAY'))).limit(1);
    expect((await call(ctx.app, other, 'POST', 'gateways/config', { id: riverside!.id, groupId: ICU_NORTH, name: 'Moved away' })).status).toBe(404);
    const [unchanged] = await ctx.db.select().from(devices).where(eq(devices.id, kiosk.id));
    expect(unchanged).toMatchObject({ name: kiosk.name, groupId: ICU_NORTH });
  });

  it('answers malformed requests 400 with a message', async () => {
    const bad: [string, string, unknown][] = [
      ['GET', 'devices/gateway/abc', undefined],
      ['GET', 'devices/gateway/stats/-1', undefined],
      ['POST', 'gateways/config', { id: kiosk.id, groupId: ICU_NORTH }],
      ['POST', 'gateways/config', { id: kiosk.id, groupId: ICU_NORTH, name: 'x\u0000y' }],
      ['POST', 'devices/tmate/toggle', { deviceId: kiosk.id, enabled: 'yes' }],
      ['POST', 'software/jobs', []],
      ['POST', 'software/jobs', [{ deviceId: kiosk.id, modelId: 13, mac: kiosk.mac, softwareVersionIds: [] }]],
      ['POST', 'software/jobs', { deviceId: kiosk.id }],
      ['POST', 'devices', [{ mac: 'zz', type: 'BEACON', groupId: ICU_NORTH, modelId: 12 }]],
      ['POST', 'devices', [{ mac: '0E:5A:4D:50:00:05', type: 'GATEWAY', groupId: ICU_NORTH, modelId: 9 }]],
    ];
    for (const [method, url, body] of bad) {
      const res = await call<{ message?: string }>(ctx.app, admin, method as 'GET' | 'POST', url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toMatch(/\S/);
    }
    const gatewayBad: [string, string, unknown][] = [
      ['POST', 'gateways/software/jobs/1', { status: 'DONE' }],
      ['POST', 'gateways/state', { terminalUrl: 'javascript:alert(1)' }],
      ['POST', 'gateways/state', { status: { code: 42, message: 'odd' } }],
    ];
    for (const [method, url, body] of gatewayBad) {
      expect((await call(ctx.app, kioskAuth, method as 'POST', url, body)).status, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});
