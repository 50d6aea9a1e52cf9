import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR_DEVICE_TYPES,
  EDITOR_MAX_ITEMS,
  EDITOR_MESSAGES,
  editorConflictSchema,
  editorEntitiesSchema,
  editorItemErrorSchema,
  editorSaveResultSchema,
  editorSuccessMessage,
  REPLACED_DEVICES_GROUP_ID,
  replacementTypeMessage,
  ZONE_MAX_POINTS,
  type EditorDevice,
  type EditorEntities,
  type EditorZone,
} from '../../../server/src/contracts/editor';
import { MODEL_IDS } from '../../../server/src/db/demo/devices-data';
import { devices, type DeviceRow } from '../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { changedTables, tableChecksums, type TableChecksums } from '../helpers/db-checksum';
import { uniqueMac } from '../helpers/fleet';
import { createScopedAccount } from '../helpers/scoped-account';

// The Location Editor's server (docs/SCREENS.md 'Location Editor (server)'): loading a location's
// devices and zones, and saves that are applied whole or not at all.

/** ICU – 3 North and – 3 South (St. Mary's ICU), Riverside's ICU – 2 North. */
const ICU_NORTH = 6;
const ICU_SOUTH = 7;
const RIVERSIDE_ICU = 15;
/** Bookkeeping every request may write. */
const BOOKKEEPING = ['idempotency_keys', 'audit_events', 'user_sign_ins'];

/** A device as the Device form sends it back, edited from its current version. */
const deviceItem = (d: EditorDevice, change: Record<string, unknown> = {}) => ({
  entityType: 'DEVICE',
  id: d.id,
  baseVersion: d.version,
  mac: d.mac,
  name: d.name,
  type: d.type,
  groupId: d.groupId,
  modelId: d.modelId,
  firmwareVersionId: d.firmwareVersionId,
  role: d.role,
  physicalRole: d.physicalRole,
  zoneId: d.zoneId,
  x: d.x,
  y: d.y,
  active: d.active,
  ...change,
});

const zoneItem = (z: EditorZone, change: Record<string, unknown> = {}) => ({
  entityType: 'ZONE',
  id: z.id,
  baseVersion: z.version,
  name: z.name,
  type: z.type,
  groupId: z.groupId,
  geometry: z.geometry,
  active: z.active,
  ...change,
});

const square = (x: number, y: number, size = 40) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
    ],
  ],
});

describe('the Location Editor', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  /** DEVICES_AND_ZONES, managing ICU – 3 North only (a network user, account type LAVO). */
  let scoped: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    scoped = (await createScopedAccount(ctx.db, { subjects: ['DEVICES_AND_ZONES'], groupIds: [ICU_NORTH], label: 'editor' })).tokens;
  });
  afterAll(() => ctx.close());

  async function load(tokens: Tokens, groupId: number) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/groups/editor', query: { groupId: String(groupId) }, headers: { authorization: tokens.idToken } });
    return { status: res.statusCode, body: res.json() };
  }
  const entities = async (groupId: number, tokens = admin): Promise<EditorEntities> => editorEntitiesSchema.parse((await load(tokens, groupId)).body);

  async function save(tokens: Tokens, groupId: number, body: unknown, headers: Record<string, string> = {}) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups/editor',
      query: { groupId: String(groupId) },
      headers: { authorization: tokens.idToken, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }
  const saved = async (body: unknown, groupId = ICU_NORTH) => {
    const res = await save(admin, groupId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return editorSaveResultSchema.parse(res.body);
  };

  const snapshot = () => tableChecksums(ctx.db, BOOKKEEPING);
  /** Sends a save that must be refused, and checks that nothing changed. */
  async function refused(tokens: Tokens, groupId: number, body: unknown) {
    const before: TableChecksums = await snapshot();
    const res = await save(tokens, groupId, body);
    expect(changedTables(before, await snapshot())).toEqual([]);
    return res;
  }

  const firstDevice = async (groupId: number, type: string, not: number[] = []) =>
    (await entities(groupId)).devices.find((d) => d.type === type && d.active && !d.staged && !not.includes(d.id)) as EditorDevice;
  const row = async (id: number): Promise<DeviceRow | undefined> => (await ctx.db.select().from(devices).where(eq(devices.id, id)))[0];

  it('loads the location, its devices of the editor’s types and its zones, not its wearables', async () => {
    const res = await load(admin, ICU_NORTH);
    expect(res.status).toBe(200);
    const body = editorEntitiesSchema.parse(res.body);
    expect(body.group).toMatchObject({ id: ICU_NORTH, name: 'ICU – 3 North', floorplanImage: `/floorplans/${ICU_NORTH}.png` });
    expect(body.devices.length).toBeGreaterThan(10);
    expect(new Set(body.devices.map((d) => d.type))).toEqual(new Set(EDITOR_DEVICE_TYPES));
    for (const d of body.devices) expect(d).toMatchObject({ groupId: ICU_NORTH, entityType: 'DEVICE', version: 1 });
    const wearables = await ctx.db.select().from(devices).where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'WRISTBAND')));
    expect(wearables.length).toBeGreaterThan(0);
    expect(body.zones.some((z) => z.type === 'CDIFF' && z.geometry?.type === 'Polygon')).toBe(true);
    for (const z of body.zones) expect(z).toMatchObject({ groupId: ICU_NORTH, entityType: 'ZONE' });
  });

  it('seeds the Replaced Devices group under the provider, outside every hospital’s tree', async () => {
    const replaced = await entities(REPLACED_DEVICES_GROUP_ID);
    expect(replaced.group.name).toBe('Replaced Devices');
    expect(replaced.devices).toEqual([]);
    expect((await load(scoped, REPLACED_DEVICES_GROUP_ID)).status).toBe(404);
  });

  it('saves a new device as staged, then publishes it', async () => {
    const mac = uniqueMac();
    const item = { entityType: 'DEVICE', mac, name: 'Beacon staged 1', type: 'BEACON', groupId: ICU_NORTH, modelId: MODEL_IDS.minew, x: 100, y: 120, active: true, staged: true, publish: false };
    const added = await saved([item]);
    const staged = added.items[0]?.entity as EditorDevice;
    expect(added.items[0]).toMatchObject({ index: 0, sentId: null, action: 'ADDED', replacement: null });
    expect(staged).toMatchObject({ mac, staged: true, publish: false, version: 1, groupId: ICU_NORTH });
    expect(added.published).toEqual([]);
    expect((await entities(ICU_NORTH)).devices.find((d) => d.id === staged.id)?.staged).toBe(true);

    const published = await saved([deviceItem(staged, { publish: true })]);
    expect(published.items[0]).toMatchObject({ action: 'PUBLISHED', sentId: staged.id, entity: { id: staged.id, staged: false, publish: true, version: 2 } });
    expect(published.published).toEqual([{ entityType: 'DEVICE', id: staged.id }]);
    expect(editorSuccessMessage('DEVICE', 'Beacon staged 1', 'PUBLISHED')).toBe('Device "Beacon staged 1" successfully published!');
  });

  it('answers a replayed publish from the first answer, and a second identical publish changes nothing', async () => {
    const staged = (await saved([{ entityType: 'DEVICE', mac: uniqueMac(), name: 'Dispenser replay', type: 'DISPENSER', groupId: ICU_NORTH, modelId: MODEL_IDS.gen4, role: 'Soap', x: 300, y: 200, active: true, staged: true }])).items[0]?.entity as EditorDevice;
    const publish = [deviceItem(staged, { publish: true })];
    const key = randomUUID();
    const first = await save(admin, ICU_NORTH, publish, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(first.body.items[0].action).toBe('PUBLISHED');

    const before = await snapshot();
    const replay = await save(admin, ICU_NORTH, publish, { 'idempotency-key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    // Without the key, from the same (now older) version: the device already is what it asks for.
    const again = await save(admin, ICU_NORTH, publish);
    expect(again.status).toBe(200);
    expect(again.body.items[0]).toMatchObject({ action: 'UNCHANGED', entity: { version: 2, staged: false } });
    expect(again.body.published).toEqual([]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('saves a drawn zone, closing its outline, with a reminder’s default interval', async () => {
    const result = await saved([{ entityType: 'ZONE', name: 'Drawn reminder', type: 'REMINDER', groupId: ICU_NORTH, geometry: square(500, 500), active: true }]);
    const zone = result.items[0]?.entity as EditorZone;
    expect(result.items[0]?.action).toBe('ADDED');
    expect(zone.geometry?.coordinates[0]).toEqual([[500, 500], [540, 500], [540, 540], [500, 540], [500, 500]]);
    expect(zone).toMatchObject({ meta: { interval: 1 }, staged: false, publish: true, ehrId: null, version: 1 });
    expect((await entities(ICU_NORTH)).zones.find((z) => z.id === zone.id)?.name).toBe('Drawn reminder');
    expect(editorSuccessMessage('ZONE', zone.name, 'ADDED')).toBe('Zone "Drawn reminder" successfully added!');
  });

  it('removes a zone and a device; a device in the zone leaves it', async () => {
    const made = await saved([
      { entityType: 'ZONE', name: 'Room to remove', type: 'PATIENT_ROOM', groupId: ICU_NORTH, geometry: square(600, 100), active: true },
    ]);
    const zone = made.items[0]?.entity as EditorZone;
    const beacon = (await saved([{ entityType: 'DEVICE', mac: uniqueMac(), name: 'Beacon to remove', type: 'BEACON', groupId: ICU_NORTH, modelId: MODEL_IDS.minew, physicalRole: 'ROOM', zoneId: zone.id, x: 610, y: 110, active: true }])).items[0]?.entity as EditorDevice;
    const other = (await saved([{ entityType: 'DEVICE', mac: uniqueMac(), name: 'Bed beacon stays', type: 'BEACON', groupId: ICU_NORTH, modelId: MODEL_IDS.minewBed, physicalRole: 'BED', zoneId: zone.id, x: 620, y: 120, active: true }])).items[0]?.entity as EditorDevice;

    const result = await saved([zoneItem(zone, { remove: true }), deviceItem(beacon, { remove: true })]);
    expect(result.items.map((i) => [i.action, i.entity])).toEqual([['REMOVED', null], ['REMOVED', null]]);
    const after = await entities(ICU_NORTH);
    expect(after.zones.some((z) => z.id === zone.id)).toBe(false);
    expect(after.devices.some((d) => d.id === beacon.id)).toBe(false);
    expect(after.devices.find((d) => d.id === other.id)).toMatchObject({ zoneId: null, version: other.version + 1 });
  });

  it('replaces a device: the one with the MAC takes its place and settings, the replaced one goes to Replaced Devices', async () => {
    const current = await firstDevice(ICU_NORTH, 'BEACON');
    const replacement = await firstDevice(ICU_SOUTH, 'BEACON');
    const result = await saved([deviceItem(current, { mac: replacement.mac, name: 'Room beacon (new)' })]);
    expect(result.items[0]).toMatchObject({
      action: 'EDITED',
      sentId: current.id,
      replacement: { deviceId: replacement.id, replacedDeviceId: current.id },
      entity: {
        id: replacement.id,
        mac: replacement.mac,
        name: 'Room beacon (new)',
        groupId: ICU_NORTH,
        x: current.x,
        y: current.y,
        zoneId: current.zoneId,
        modelId: current.modelId,
        role: current.role,
        physicalRole: current.physicalRole,
        replacedDeviceId: current.id,
        staged: false,
      },
    });
    expect(await row(current.id)).toMatchObject({ groupId: REPLACED_DEVICES_GROUP_ID, mac: current.mac, zoneId: null, active: false, version: current.version + 1 });
    const north = await entities(ICU_NORTH);
    expect(north.devices.some((d) => d.id === current.id)).toBe(false);
    expect(north.devices.find((d) => d.id === replacement.id)?.replacedDeviceId).toBe(current.id);
    expect((await entities(ICU_SOUTH)).devices.some((d) => d.id === replacement.id)).toBe(false);
    expect((await entities(REPLACED_DEVICES_GROUP_ID)).devices.map((d) => d.id)).toContain(current.id);
  });

  it('publishes a staged device with an existing MAC: the existing device comes here and keeps its properties', async () => {
    const existing = await firstDevice(ICU_SOUTH, 'DISPENSER');
    const staged = (await saved([{ entityType: 'DEVICE', mac: uniqueMac(), name: 'Planned dispenser', type: 'DISPENSER', groupId: ICU_NORTH, modelId: MODEL_IDS.gen2, role: 'Soap', x: 700, y: 300, active: true, staged: true }])).items[0]?.entity as EditorDevice;
    // Saved staged with that MAC: refused, it can only be published.
    const stagedSave = await refused(admin, ICU_NORTH, [deviceItem(staged, { mac: existing.mac, staged: true })]);
    expect([stagedSave.status, stagedSave.body.message]).toEqual([409, EDITOR_MESSAGES.stagedMacTaken]);

    const result = await saved([deviceItem(staged, { mac: existing.mac, publish: true })]);
    expect(result.items[0]).toMatchObject({
      action: 'PUBLISHED',
      replacement: { deviceId: existing.id, replacedDeviceId: null },
      entity: { id: existing.id, mac: existing.mac, name: existing.name, modelId: existing.modelId, role: existing.role, groupId: ICU_NORTH, x: 700, y: 300, staged: false },
    });
    expect(result.published).toEqual([{ entityType: 'DEVICE', id: existing.id }]);
    expect(await row(staged.id)).toBeUndefined();
  });

  it('rolls the whole save back when a replacement is refused midway (a type mismatch)', async () => {
    const beacon = await firstDevice(ICU_NORTH, 'BEACON');
    const dispenser = await firstDevice(ICU_NORTH, 'DISPENSER');
    const gateway = await firstDevice(ICU_NORTH, 'GATEWAY');
    const otherDispenser = await firstDevice(ICU_NORTH, 'DISPENSER', [dispenser.id]);
    const res = await refused(admin, ICU_NORTH, [
      { entityType: 'ZONE', name: 'Never saved', type: 'OTHER', groupId: ICU_NORTH, geometry: square(10, 10), active: true },
      deviceItem(gateway, { name: 'Renamed gateway' }),
      deviceItem(beacon, { mac: dispenser.mac }),
      deviceItem(otherDispenser, { name: 'Renamed dispenser' }),
    ]);
    expect(res.status).toBe(400);
    expect(editorItemErrorSchema.parse(res.body)).toMatchObject({ message: replacementTypeMessage('BEACON', 'DISPENSER'), index: 2, id: beacon.id, name: beacon.name });
    expect(res.body.message).toBe('The replacement device must be the same type as the current device (BEACON). Replacement device type: DISPENSER.');
  });

  it('aborts a replacement by a device outside the caller’s scope, and one whose new place is wrong', async () => {
    const mine = (await entities(ICU_NORTH, scoped)).devices.find((d) => d.type === 'BEACON' && !d.staged) as EditorDevice;
    const theirs = await firstDevice(RIVERSIDE_ICU, 'BEACON');
    const outside = await refused(scoped, ICU_NORTH, [deviceItem(mine, { mac: theirs.mac })]);
    expect([outside.status, outside.body.message]).toEqual([409, EDITOR_MESSAGES.macUpdateFailed]);

    const south = await firstDevice(ICU_SOUTH, 'BEACON');
    const southZone = (await entities(ICU_SOUTH)).zones[0] as EditorZone;
    const misplaced = await refused(admin, ICU_NORTH, [deviceItem(mine, { mac: south.mac, zoneId: southZone.id })]);
    expect(misplaced.status).toBe(400);
    expect(misplaced.body).toMatchObject({ message: EDITOR_MESSAGES.publishFailed, reason: EDITOR_MESSAGES.zoneNotInLocation, index: 0 });
  });

  it('refuses a save made from an older version with 409 and both versions, changing nothing', async () => {
    const [tablet] = (await entities(ICU_NORTH)).devices.filter((d) => d.type === 'TABLET');
    const zone = (await entities(ICU_NORTH)).zones.find((z) => z.type === 'PATIENT_ROOM') as EditorZone;
    const first = await saved([deviceItem(tablet as EditorDevice, { x: 42, y: 43 })]);
    expect(first.items[0]?.entity).toMatchObject({ x: 42, version: (tablet as EditorDevice).version + 1 });

    const res = await refused(admin, ICU_NORTH, [zoneItem(zone, { name: 'Renamed room' }), deviceItem(tablet as EditorDevice, { name: 'Tablet moved elsewhere', x: 99 })]);
    expect(res.status).toBe(409);
    const conflict = editorConflictSchema.parse(res.body);
    expect(conflict.message).toBe(EDITOR_MESSAGES.conflict);
    expect(conflict.conflicts).toEqual([
      { index: 1, entityType: 'DEVICE', id: (tablet as EditorDevice).id, baseVersion: (tablet as EditorDevice).version, current: first.items[0]?.entity },
    ]);
    // An item without its version is not checked.
    const { baseVersion: _v, ...unversioned } = deviceItem(tablet as EditorDevice, { name: 'Tablet renamed' });
    expect((await saved([unversioned])).items[0]?.entity).toMatchObject({ name: 'Tablet renamed', x: (tablet as EditorDevice).x });
  });

  it('never reaches another organization’s location or devices', async () => {
    expect((await load(scoped, RIVERSIDE_ICU)).status).toBe(404);
    expect((await load(scoped, ICU_SOUTH)).status).toBe(404);
    const theirs = await firstDevice(RIVERSIDE_ICU, 'DISPENSER');
    const riversideZone = (await entities(RIVERSIDE_ICU)).zones[0] as EditorZone;
    const cases: [Tokens, number, unknown][] = [
      [scoped, RIVERSIDE_ICU, [deviceItem(theirs, { name: 'Taken' })]],
      [scoped, ICU_NORTH, [deviceItem(theirs, { name: 'Taken' })]],
      [scoped, ICU_NORTH, [zoneItem(riversideZone, { name: 'Taken' })]],
      [scoped, ICU_NORTH, [deviceItem(theirs, { id: null, baseVersion: null, groupId: RIVERSIDE_ICU, mac: uniqueMac() })]],
      [scoped, ICU_NORTH, [{ entityType: 'ZONE', name: 'Elsewhere', type: 'OTHER', groupId: RIVERSIDE_ICU, geometry: square(1, 1), active: true }]],
      // In the caller's scope, but standing in another location than the one edited.
      [admin, ICU_NORTH, [deviceItem(theirs, { name: 'Taken' })]],
    ];
    for (const [tokens, groupId, body] of cases) {
      const res = await refused(tokens, groupId, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    expect((await row(theirs.id))?.name).toBe(theirs.name);
  });

  it('refuses malformed saves with 400, changing nothing', async () => {
    const d = await firstDevice(ICU_NORTH, 'DISPENSER');
    const z = (await entities(ICU_NORTH)).zones[0] as EditorZone;
    const ring = Array.from({ length: ZONE_MAX_POINTS + 5 }, (_, i) => [i, i % 2]);
    const bodies: unknown[] = [
      [deviceItem(d, { name: 'Bad\u0000name' })],
      [deviceItem(d, { id: 2 ** 31 })],
      [deviceItem(d, { zoneId: 2 ** 31 })],
      [zoneItem(z, { geometry: { type: 'Polygon', coordinates: [ring] } })],
      [zoneItem(z, { geometry: { type: 'Polygon', coordinates: [[[1, 1], [2, 2]]] } })],
      Array.from({ length: EDITOR_MAX_ITEMS + 1 }, (_, i) => ({ entityType: 'ZONE', name: `Zone ${i}`, type: 'OTHER', groupId: ICU_NORTH, geometry: square(1, 1, 2), active: true })),
      [],
      [deviceItem(d), deviceItem(d)],
      [{ ...deviceItem(d), id: undefined, remove: true }],
      { items: [] },
    ];
    for (const body of bodies) {
      const res = await refused(admin, ICU_NORTH, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    expect((await refused(admin, 2 ** 31, [deviceItem(d)])).status).toBe(400);
  });

  it('is for the Location Editor page alone; its Device form may look a MAC up', async () => {
    const d = await firstDevice(ICU_NORTH, 'GATEWAY');
    for (const who of ['manager@demo.health', 'nurse@demo.health']) {
      const tokens = await signIn(who);
      expect((await load(tokens, ICU_NORTH)).status).toBe(403);
      expect((await refused(tokens, ICU_NORTH, [deviceItem(d, { name: 'Not theirs' })])).status).toBe(403);
    }
    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/devices/mac/${encodeURIComponent(d.mac)}`, headers: { authorization: scoped.idToken } });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ exists: true, device: { id: d.id, groupId: ICU_NORTH, type: 'GATEWAY' } });
  });
});
