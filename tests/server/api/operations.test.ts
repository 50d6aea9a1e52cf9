import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Channel } from 'pusher-js';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_MESSAGES, operationsChannel, type OperableDevice, type OperationEventPayload, type QueuedOperation } from '../../../server/src/contracts/operations';
import { gatewayToken } from '../../../server/src/core/gateway-auth';
import { deviceOperations, devices, deviceSettings, firmwareVersions } from '../../../server/src/db/schema';
import { startPusherServer, type RunningPusherServer } from '../../../server/src/realtime/pusher-server';
import { FAILURES, startOperationsPlayer } from '../../../server/src/simulator/gateways/operations-player';
import { createTestApp, PUSHER_TEST_APP, signIn, TEST_INGEST_SECRET, type Tokens } from '../helpers/app';
import { createScopedAccount } from '../helpers/scoped-account';
import { subscribe } from '../realtime/helpers';

// Device operations end to end on the server: settings wanted of devices, operations queued
// (settings first, an add already queued ignored), cancelled only while pending, carried out by
// the gateway that hears the device, announced on the location's channel; and never a device of
// another organization, or of a kind the caller's pages do not operate.

const ICU_NORTH = 6;
const RIVERSIDE = 4;
const PROVIDER = 1;

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

async function call<T = unknown>(app: TestApp, auth: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await app.inject({ method, url: `/api/${url}`, headers: auth, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.json<T>() };
}

describe('device operations', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let realtime: RunningPusherServer;
  let client: Pusher;
  let admin: Record<string, string>;
  /** Dispenser Operations only, managing ICU – 3 North. */
  let dispenserTech: Record<string, string>;
  /** A provider technician whose scope is Riverside only: St. Mary's devices and the network's presets are another organization's. */
  let other: Record<string, string>;
  let gateway: Record<string, string>;
  let apiUrl: string;
  let dispenser: { id: number; mac: string; modelId: number; oldFirmwareId: number; latestFirmwareId: number };
  let beaconId: number;
  const received: OperationEventPayload[] = [];

  const auth = (tokens: Tokens) => ({ authorization: tokens.idToken });

  beforeAll(async () => {
    realtime = await startPusherServer({ port: 0, apps: [{ id: PUSHER_TEST_APP.appId, key: PUSHER_TEST_APP.key, secret: PUSHER_TEST_APP.secret }] });
    ctx = await createTestApp({ pusherPort: realtime.port });
    apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const adminTokens = await signIn('admin@demo.health');
    admin = auth(adminTokens);
    dispenserTech = auth(
      (await createScopedAccount(ctx.db, { subjects: ['DISPENSERS_MAINTENANCE'], groupIds: [ICU_NORTH], organizationId: 2, label: 'dispenser-ops' })).tokens,
    );
    other = auth((await createScopedAccount(ctx.db, { subjects: ['DISPENSERS_MAINTENANCE', 'BEACONS'], groupIds: [], managedOrganizationIds: [RIVERSIDE], organizationId: PROVIDER, label: 'ops-riverside' })).tokens);

    // A dispenser of ICU – 3 North running an older firmware than its model's latest, with nothing wanted of it yet.
    const [row] = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'DISPENSER'), eq(devices.active, true), eq(devices.staged, false), isNotNull(devices.firmwareVersionId)))
      .orderBy(asc(devices.id))
      .limit(1);
    const versions = await ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.modelId, row!.modelId));
    const latest = versions.find((v) => v.isLatest)!;
    const older = versions.find((v) => !v.isLatest)!;
    await ctx.db.update(devices).set({ firmwareVersionId: older.id, batteryPercent: 90, batteryMv: 3000 }).where(eq(devices.id, row!.id));
    await ctx.db.delete(deviceSettings).where(eq(deviceSettings.deviceId, row!.id));
    dispenser = { id: row!.id, mac: row!.mac, modelId: row!.modelId, oldFirmwareId: older.id, latestFirmwareId: latest.id };
    const [beacon] = await ctx.db.select({ id: devices.id }).from(devices).where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'BEACON'), eq(devices.active, true)));
    beaconId = beacon!.id;

    // The gateway that hears ICU – 3 North: one of its own, made if the demo has none there.
    const [found] = await ctx.db.select().from(devices).where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'GATEWAY'), eq(devices.active, true)));
    const gw =
      found ??
      (await ctx.db.insert(devices).values({ mac: '0E:0A:0B:0C:0D:01', type: 'GATEWAY', name: 'Ops test gateway', groupId: ICU_NORTH, modelId: 12 }).returning())[0]!;
    gateway = { 'x-gateway-mac': gw.mac, authorization: `Bearer ${gatewayToken(TEST_INGEST_SECRET, gw.mac)}` };

    client = new Pusher(PUSHER_TEST_APP.key, {
      wsHost: '127.0.0.1',
      wsPort: realtime.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      cluster: 'mt1',
      disableStats: true,
      channelAuthorization: { endpoint: `${apiUrl}/api/pusher/auth`, transport: 'ajax', headers: { Authorization: adminTokens.idToken } },
    });
    const channel: Channel = await subscribe(client, operationsChannel(ICU_NORTH));
    for (const name of ['SETTING', 'DFU', 'TRANSFER']) channel.bind(name, (data: OperationEventPayload) => received.push(data));
  }, 240_000);

  afterAll(async () => {
    client?.disconnect();
    await ctx?.close();
    await realtime?.close();
  });

  async function arrival(match: (e: OperationEventPayload) => boolean): Promise<OperationEventPayload> {
    for (let waited = 0; waited < 3000; waited += 25) {
      const found = received.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no matching event among ${JSON.stringify(received)}`);
  }

  const row = async (as = admin) => (await call<OperableDevice[]>(ctx.app, as, 'GET', `devices/dispensers?groupId=${ICU_NORTH}`)).body.find((d) => d.id === dispenser.id)!;

  it('lists a location’s dispensers with firmware, settings sync and no operation yet', async () => {
    const device = await row(dispenserTech);
    expect(device).toMatchObject({
      mac: dispenser.mac,
      settingsSync: 'unconfigured',
      lastStatus: null,
      operations: [],
      operationDisabled: false,
      firmware: { current: { id: dispenser.oldFirmwareId }, latest: { id: dispenser.latestFirmwareId } },
    });
    // Beacons are another page's.
    expect((await call(ctx.app, dispenserTech, 'GET', `devices/beacons?groupId=${ICU_NORTH}`)).status).toBe(403);
    expect((await call(ctx.app, dispenserTech, 'GET', `devices/dispensers?groupId=abc`)).status).toBe(400);
  });

  it('keeps the settings wanted of a device, refusing a value out of range and changing nothing then', async () => {
    const bad = await call<{ message: string }>(ctx.app, dispenserTech, 'POST', 'settings', [
      { deviceId: dispenser.id, settings: [{ label: 'Reminder Interval', desired: 120 }, { label: 'LED Color', desired: 0x1_00_00_00 }] },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('LED Color must be a colour');
    expect((await call(ctx.app, dispenserTech, 'POST', 'settings', [{ deviceId: dispenser.id, settings: [{ label: 'Volume', desired: 1 }] }])).status).toBe(400);
    expect((await ctx.db.select().from(deviceSettings).where(eq(deviceSettings.deviceId, dispenser.id))).length).toBe(0);

    const ok = await call(ctx.app, dispenserTech, 'POST', 'settings', [{ deviceId: dispenser.id, settings: [{ label: 'Reminder Interval', desired: 120 }, { label: 'LED Color', desired: 0xff_80_00 }] }]);
    expect(ok).toEqual({ status: 200, body: { updated: 1 } });
    const view = await call<{ deviceCount: number; groups: { settings: { label: string; desired: number | null }[] }[] }>(ctx.app, dispenserTech, 'POST', 'settings/devices', { deviceIds: [dispenser.id] });
    expect(view.status).toBe(200);
    const settings = view.body.groups.flatMap((g) => g.settings);
    expect(settings.find((s) => s.label === 'LED Color')?.desired).toBe(0xff_80_00);
    expect(settings.find((s) => s.label === 'TX Power')?.desired).toBeNull();
    expect((await row()).settingsSync).toBe('mismatched');
    // A beacon is not this technician's to configure: as if it did not exist.
    expect((await call(ctx.app, dispenserTech, 'POST', 'settings/devices', { deviceIds: [beaconId] })).status).toBe(404);
  });

  it('queues settings before firmware, ignores an add already queued, and announces each as pending', async () => {
    const body = {
      description: 'Evening round',
      operations: [
        { type: 'DFU', deviceId: dispenser.id, groupId: ICU_NORTH },
        { type: 'SETTING', deviceId: dispenser.id, groupId: ICU_NORTH },
      ],
    };
    const first = await call<{ operations: QueuedOperation[] }>(ctx.app, dispenserTech, 'POST', 'operations', body);
    expect(first.status).toBe(200);
    const [setting, dfu] = first.body.operations;
    expect(setting).toMatchObject({ type: 'SETTING', queued: true });
    expect(dfu).toMatchObject({ type: 'DFU', queued: true });
    expect(setting!.id!).toBeLessThan(dfu!.id!);

    const again = await call<{ operations: QueuedOperation[] }>(ctx.app, dispenserTech, 'POST', 'operations', body);
    expect(again.body.operations.map((o) => [o.type, o.queued, o.id, o.reason])).toEqual([
      ['SETTING', false, setting!.id, 'Already queued or in progress'],
      ['DFU', false, dfu!.id, 'Already queued or in progress'],
    ]);
    expect(await ctx.db.select().from(deviceOperations).where(eq(deviceOperations.deviceId, dispenser.id))).toHaveLength(2);

    const device = await row();
    expect(device.operationDisabled).toBe(true);
    expect(device.operations.map((o) => [o.type, o.status])).toEqual([
      ['SETTING', 'pending'],
      ['DFU', 'pending'],
    ]);
    expect(device.lastStatus).toMatchObject({ type: 'DFU', status: 'pending', operationMetaDataId: dfu!.id });
    await arrival((e) => e.operationMetaDataId === setting!.id && e.status === 'pending');

    const blank = await call<{ message: string }>(ctx.app, dispenserTech, 'POST', 'operations', { ...body, description: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain(OPERATION_MESSAGES.descriptionRequired);
  });

  it('lets the gateway that hears the device carry the operations out, and refuses a cancel once one started', async () => {
    const listed = await call<{ id: number; type: string; settings: Record<string, number> | null; firmwareVersion: string | null }[]>(ctx.app, gateway, 'GET', 'gateways/operations');
    expect(listed.status).toBe(200);
    const setting = listed.body.find((o) => o.type === 'SETTING' && o.settings?.['LED Color'] === 0xff_80_00)!;
    const dfu = listed.body.find((o) => o.type === 'DFU' && o.firmwareVersion !== null && o.id > setting.id)!;
    expect(setting).toBeDefined();
    expect(dfu).toBeDefined();

    expect((await call(ctx.app, gateway, 'POST', `gateways/operations/${setting.id}`, { status: 'WORKING' })).body).toEqual({ status: 'WORKING' });
    const refused = await call<{ message: string }>(ctx.app, dispenserTech, 'POST', 'operations/cancel', { operationMetaDataId: setting.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(OPERATION_MESSAGES.cancelRefused);

    expect((await call(ctx.app, gateway, 'POST', `gateways/operations/${setting.id}`, { status: 'DONE' })).status).toBe(200);
    const done = await arrival((e) => e.operationMetaDataId === setting.id && e.status === 'done');
    expect(done.settings).toMatchObject({ 'LED Color': 0xff_80_00, 'Reminder Interval': 120 });
    // Done is final.
    expect((await call(ctx.app, gateway, 'POST', `gateways/operations/${setting.id}`, { status: 'WORKING' })).status).toBe(409);

    await call(ctx.app, gateway, 'POST', `gateways/operations/${dfu.id}`, { status: 'WORKING', progress: 40 });
    expect((await arrival((e) => e.operationMetaDataId === dfu.id && e.status === 'working')).progress).toBe(40);
    await call(ctx.app, gateway, 'POST', `gateways/operations/${dfu.id}`, { status: 'DONE' });
    const device = await row();
    expect(device).toMatchObject({ settingsSync: 'ok', operationDisabled: false, operations: [], firmware: { current: { id: dispenser.latestFirmwareId } } });
    expect(device.lastStatus).toMatchObject({ type: 'DFU', status: 'done', progress: 100 });

    // Up to date now: nothing to queue.
    const again = await call<{ operations: QueuedOperation[] }>(ctx.app, dispenserTech, 'POST', 'operations', {
      description: 'Again',
      operations: [{ type: 'DFU', deviceId: dispenser.id, groupId: ICU_NORTH }],
    });
    expect(again.body.operations[0]).toMatchObject({ queued: false, reason: 'Firmware is up to date' });
  });

  it('shows the TX power a completed setting gave the device, not the one it had before', async () => {
    const before = (await row()).txPower;
    const wanted = before === -12 ? -16 : -12;
    expect((await call(ctx.app, dispenserTech, 'POST', 'settings', [{ deviceId: dispenser.id, settings: [{ label: 'TX Power', desired: wanted }] }])).status).toBe(200);
    const queued = await call<{ operations: QueuedOperation[] }>(ctx.app, dispenserTech, 'POST', 'operations', {
      description: 'Quieter',
      operations: [{ type: 'SETTING', deviceId: dispenser.id, groupId: ICU_NORTH }],
    });
    const [setting] = queued.body.operations;
    expect(setting).toMatchObject({ type: 'SETTING', queued: true });
    // Queued is not applied: the list still shows what the device transmits at.
    expect((await row()).txPower).toBe(before);
    expect((await call(ctx.app, gateway, 'POST', `gateways/operations/${setting!.id}`, { status: 'WORKING' })).status).toBe(200);
    expect((await row()).txPower).toBe(before);
    expect((await call(ctx.app, gateway, 'POST', `gateways/operations/${setting!.id}`, { status: 'DONE' })).status).toBe(200);
    expect(await row()).toMatchObject({ txPower: wanted, settingsSync: 'ok' });
  });

  it('cancels a pending operation only, once', async () => {
    await call(ctx.app, dispenserTech, 'POST', 'settings', [{ deviceId: dispenser.id, settings: [{ label: 'TX Power', desired: -12 }] }]);
    const queued = await call<{ operations: QueuedOperation[] }>(ctx.app, dispenserTech, 'POST', 'operations', {
      description: 'Quieter radio',
      operations: [{ type: 'SETTING', deviceId: dispenser.id, groupId: ICU_NORTH }],
    });
    const id = queued.body.operations[0]!.id!;
    const canceled = await call(ctx.app, dispenserTech, 'POST', 'operations/cancel', { operationMetaDataId: id });
    expect(canceled).toEqual({ status: 200, body: { deviceId: dispenser.id } });
    await arrival((e) => e.operationMetaDataId === id && e.status === 'canceled');
    expect((await call(ctx.app, dispenserTech, 'POST', 'operations/cancel', { operationMetaDataId: id })).status).toBe(409);
    const device = await row();
    expect(device.lastStatus).toMatchObject({ status: 'canceled', operationMetaDataId: id });
    expect(device.operations).toEqual([]);
    // The gateway no longer sees it, and cannot start it.
    expect((await call<{ id: number }[]>(ctx.app, gateway, 'GET', 'gateways/operations')).body.map((o) => o.id)).not.toContain(id);
    expect((await call(ctx.app, gateway, 'POST', `gateways/operations/${id}`, { status: 'WORKING' })).status).toBe(409);
  });

  it('never reaches a device of another organization, by any id', async () => {
    const asOther = (method: 'POST', url: string, body: unknown) => call(ctx.app, other, method, url, body);
    expect((await asOther('POST', 'settings/devices', { deviceIds: [dispenser.id] })).status).toBe(404);
    expect((await asOther('POST', 'settings', [{ deviceId: dispenser.id, settings: [{ label: 'LED Color', desired: 1 }] }])).status).toBe(404);
    expect((await asOther('POST', 'operations', { description: 'x', operations: [{ type: 'DFU', deviceId: dispenser.id, groupId: ICU_NORTH }] })).status).toBe(404);
    const [op] = await ctx.db.select().from(deviceOperations).where(and(eq(deviceOperations.deviceId, dispenser.id), ne(deviceOperations.status, 'CANCELED')));
    expect((await asOther('POST', 'operations/cancel', { operationMetaDataId: op!.id })).status).toBe(404);
    expect((await call(ctx.app, other, 'GET', `devices/dispensers?groupId=${ICU_NORTH}`)).status).toBe(404);
    // Nor a gateway of another location.
    const [far] = await ctx.db.select().from(devices).where(and(eq(devices.type, 'GATEWAY'), ne(devices.groupId, ICU_NORTH), eq(devices.active, true))).limit(1);
    const farGateway = { 'x-gateway-mac': far!.mac, authorization: `Bearer ${gatewayToken(TEST_INGEST_SECRET, far!.mac)}` };
    expect((await call(ctx.app, farGateway, 'POST', `gateways/operations/${op!.id}`, { status: 'FAILED' })).status).toBe(404);
    expect((await call(ctx.app, admin, 'POST', 'settings', [{ deviceId: 2_147_483_648, settings: [{ label: 'LED', desired: 1 }] }])).status).toBe(400);
  });

  it('keeps presets of a model: created, renamed, listed with the settings, deleted; not another organization’s', async () => {
    const created = await call<{ id: number; name: string }>(ctx.app, dispenserTech, 'POST', 'settings/presets', {
      name: 'New Preset',
      modelId: dispenser.modelId,
      settings: [{ label: 'LED Color', value: 0x00_ff_00 }],
    });
    expect(created.status).toBe(201);
    const renamed = await call(ctx.app, dispenserTech, 'PUT', 'settings/presets', { id: created.body.id, name: 'Night ward', settings: [{ label: 'LED Color', value: 0x00_ff_00 }] });
    expect(renamed.body).toMatchObject({ name: 'Night ward' });
    const view = await call<{ presets: { id: number; name: string }[] }>(ctx.app, dispenserTech, 'POST', 'settings/devices', { deviceIds: [dispenser.id] });
    expect(view.body.presets.map((p) => p.name)).toContain('Night ward');
    expect((await call(ctx.app, other, 'PUT', 'settings/presets', { id: created.body.id, name: 'Mine', settings: [] })).status).toBe(404);
    expect((await call(ctx.app, dispenserTech, 'POST', 'settings/presets', { name: 'Bad', modelId: dispenser.modelId, settings: [{ label: 'TX Power', value: 7 }] })).status).toBe(400);
    expect((await call(ctx.app, dispenserTech, 'DELETE', `settings/presets/${created.body.id}`)).body).toEqual({ deleted: true });
    expect((await call(ctx.app, dispenserTech, 'DELETE', `settings/presets/${created.body.id}`)).status).toBe(404);
  });

  it('has them carried out by the simulated gateway: a firmware update steps to completed, a low battery fails', async () => {
    const [weak] = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'DISPENSER'), eq(devices.active, true), eq(devices.staged, false), ne(devices.id, dispenser.id), isNotNull(devices.firmwareVersionId)))
      .limit(1);
    await ctx.db.update(devices).set({ firmwareVersionId: dispenser.oldFirmwareId, modelId: dispenser.modelId, batteryPercent: 10 }).where(eq(devices.id, weak!.id));
    await ctx.db.update(devices).set({ firmwareVersionId: dispenser.oldFirmwareId, lastHeartbeatAt: new Date() }).where(eq(devices.id, dispenser.id));
    const queued = await call<{ operations: QueuedOperation[] }>(ctx.app, dispenserTech, 'POST', 'operations', {
      description: 'Firmware night',
      operations: [dispenser.id, weak!.id].map((deviceId) => ({ type: 'DFU', deviceId, groupId: ICU_NORTH })),
    });
    const [healthyOp, weakOp] = queued.body.operations.map((o) => o.id!);
    const player = startOperationsPlayer({ baseUrl: apiUrl, secret: TEST_INGEST_SECRET, macs: [gateway['x-gateway-mac']!], roundMs: 0, log: { info: () => {}, debug: () => {} } });
    try {
      // Held (out of the device's range), the gateway leaves them pending.
      player.hold(gateway['x-gateway-mac']!, true);
      expect(await player.round()).toBe(0);
      expect((await row()).lastStatus).toMatchObject({ status: 'pending' });
      player.hold(gateway['x-gateway-mac']!, false);
      for (let i = 0; i < 6; i++) await player.round();
    } finally {
      await player.close();
    }
    await arrival((e) => e.operationMetaDataId === healthyOp && e.status === 'done');
    expect(received.filter((e) => e.operationMetaDataId === healthyOp).map((e) => `${e.status} ${e.progress}`)).toEqual(
      expect.arrayContaining(['pending 0', 'working 0', 'working 25', 'working 50', 'working 75', 'done 100']),
    );
    const failed = await arrival((e) => e.operationMetaDataId === weakOp && e.status === 'failed');
    expect(failed.message).toBe(FAILURES.battery);
    const rows = await call<OperableDevice[]>(ctx.app, admin, 'GET', `devices/dispensers?groupId=${ICU_NORTH}`);
    expect(rows.body.find((d) => d.id === weak!.id)?.lastStatus).toMatchObject({ status: 'failed', message: FAILURES.battery });
    expect(rows.body.find((d) => d.id === dispenser.id)?.firmware.current?.id).toBe(dispenser.latestFirmwareId);
  });
});
