import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModelsSchema, macLookupSchema } from '../../../../server/src/contracts/device-registry';
import { userListSchema, type UserListRow } from '../../../../server/src/contracts/user-list';
import { wearableListSchema, type WearableRow } from '../../../../server/src/contracts/wearables';
import { deviceOperations, devices, firmwareVersions, nfcTags, users, wearableAssignments, type DeviceRow, type FirmwareVersionRow, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { addWearable, call, createScopedAccount, ICU_NORTH, ICU_SOUTH, REV_C, REV_D, ZEPHYR } from './wearables-client';

type Query = Record<string, string | number | boolean | number[] | undefined>;

describe('the assign dialogs’ lists: users, wearables, models and MAC lookup', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let tech: Tokens;
  let nurse: Tokens;
  let manager: Tokens;
  /** Holds only SMARTBADGE_MANAGEMENT_BETA and manages only ICU – 3 North. */
  let scoped: Tokens;
  let holder: UserRow;
  let held: DeviceRow;
  let free: DeviceRow;
  let southBadge: DeviceRow;
  let tagged: UserRow;
  /** An older REV D firmware, the one `held` runs. */
  let revD: FirmwareVersionRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [tech, nurse, manager] = await Promise.all([signIn('tech@demo.health'), signIn('nurse@demo.health'), signIn('manager@demo.health')]);
    scoped = (await createScopedAccount(ctx.db, { subjects: ['SMARTBADGE_MANAGEMENT_BETA'], groupIds: [ICU_NORTH] })).tokens;
    const icu = (await staffOf(ctx.db, ST_MARYS)).filter((s) => s.groupId === ICU_NORTH && !s.demo);
    [holder, tagged] = icu as [UserRow, UserRow];
    [revD] = (await ctx.db.select().from(firmwareVersions).where(and(eq(firmwareVersions.modelId, REV_D), eq(firmwareVersions.isLatest, false))).limit(1)) as [FirmwareVersionRow];
    held = await addWearable(ctx.db, ICU_NORTH);
    await ctx.db.update(devices).set({ code: 'T-4242', firmwareVersionId: revD.id, batteryMv: 2950, batteryPercent: 81 }).where(eq(devices.id, held.id));
    await ctx.db.update(wearableAssignments).set({ unassignedAt: new Date() }).where(and(eq(wearableAssignments.userId, holder.id), isNull(wearableAssignments.unassignedAt)));
    await ctx.db.insert(wearableAssignments).values({ deviceId: held.id, userId: holder.id, assignedAt: new Date() });
    free = await addWearable(ctx.db, ICU_NORTH);
    southBadge = await addWearable(ctx.db, ICU_SOUTH);
    await ctx.db.insert(nfcTags).values({ nfcId: 'WA0000000000T1', nfcShortId: 'ABC1234', groupId: ICU_NORTH, userId: tagged.id });
  });
  afterAll(() => ctx.close());

  const get = (tokens: Tokens, path: string, query: Query = {}) => call(ctx.app, tokens, 'GET', path, { query });
  const userList = async (tokens: Tokens, query: Query = {}) => {
    const res = await get(tokens, 'users', query);
    expect(res.statusCode).toBe(200);
    return userListSchema.parse(res.json());
  };
  const wearables = async (tokens: Tokens, query: Query = {}) => {
    const res = await get(tokens, 'devices/wearables', query);
    expect(res.statusCode).toBe(200);
    return wearableListSchema.parse(res.json()).data;
  };

  describe('GET /users', () => {
    it('pages users in id order, 20 by default, with the total', async () => {
      const first = await userList(tech);
      expect(first.data).toHaveLength(20);
      expect(first.totalCount).toBeGreaterThan(100);
      const ids = first.data.map((u) => u.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const next = await userList(tech, { take: 500, startingAfter: ids.at(-1) });
      expect(next.totalCount).toBe(first.totalCount);
      expect(next.data).toHaveLength(first.totalCount - 20);
      expect(next.data.every((u) => u.id > (ids.at(-1) as number))).toBe(true);
    });

    it('shows each user’s current wearable and NFC tag', async () => {
      const rows = (await userList(tech, { search: holder.userName })).data;
      expect(rows).toEqual([
        expect.objectContaining({ id: holder.id, userName: holder.userName, firstName: holder.firstName, lastName: holder.lastName, organizationId: 5, groupId: ICU_NORTH, active: true, device: { id: held.id, mac: held.mac, type: 'BADGE', code: 'T-4242' } }),
      ]);
      const [withTag] = (await userList(tech, { search: tagged.userName })).data as [UserListRow];
      expect(withTag.nfcTag).toEqual({ id: expect.any(Number), nfcId: 'WA0000000000T1' });
      expect(rows[0]?.nfcTag).toBeNull();
    });

    it('filters by organization (with its departments), location (with its units), search, active and unassigned', async () => {
      const hospital = await userList(tech, { organizationIds: [ST_MARYS], take: 500 });
      expect(new Set(hospital.data.map((u) => u.organizationId))).toEqual(new Set([3, 5, 6, 7, 8]));
      const repeated = await call(ctx.app, tech, 'GET', 'users?organizationIds=5&organizationIds=6&take=500', {});
      expect(new Set(userListSchema.parse(repeated.json()).data.map((u) => u.organizationId))).toEqual(new Set([5, 6]));
      const tower = await userList(tech, { groupId: 4, take: 500 });
      expect(tower.data.length).toBeGreaterThan(0);
      expect(tower.data.every((u) => u.groupId !== null && [4, 6, 7, 8, 9, 10, 11, 12].includes(u.groupId))).toBe(true);
      expect(tower.data.map((u) => u.id)).toContain(holder.id);

      const byName = await userList(tech, { search: `  ${holder.lastName.toUpperCase()} ${holder.firstName.toLowerCase()} ` });
      expect(byName.data.map((u) => u.id)).toContain(holder.id);
      if (holder.clientUserId) expect((await userList(tech, { search: holder.clientUserId })).data.map((u) => u.id)).toContain(holder.id);
      expect((await userList(tech, { search: 'no-such-person-%' })).totalCount).toBe(0);

      const inactive = await userList(tech, { active: false, take: 500 });
      expect(inactive.totalCount).toBeGreaterThan(0);
      expect(inactive.data.every((u) => !u.active)).toBe(true);
      const unassigned = await userList(tech, { unassigned: true, active: true, take: 500 });
      expect(unassigned.data.every((u) => u.device === null && u.active)).toBe(true);
      expect(unassigned.data.map((u) => u.id)).not.toContain(holder.id);
      const everyone = await userList(tech, { take: 500 });
      expect(everyone.totalCount).toBe(everyone.data.length);
      const withoutDevice = everyone.data.filter((u) => u.device === null && u.active).map((u) => u.id);
      expect(unassigned.data.map((u) => u.id)).toEqual(withoutDevice);
    });

    it('masks demo users’ names', async () => {
      const [demo] = await ctx.db.select().from(users).where(and(eq(users.demo, true), eq(users.active, true))).limit(1);
      if (!demo) throw new Error('the seed has no demo user');
      const [row] = (await userList(tech, { search: demo.userName })).data;
      expect(row).toMatchObject({ id: demo.id, userName: demo.userName, firstName: 'User', lastName: '' });
    });

    it('limits the list to the caller’s scope, and answers 404 for locations and organizations outside it', async () => {
      const own = await userList(scoped, { take: 500 });
      expect(own.data.length).toBeGreaterThan(0);
      expect(own.data.every((u) => u.groupId === ICU_NORTH)).toBe(true);
      expect((await get(scoped, 'users', { groupId: ICU_SOUTH })).statusCode).toBe(404);
      expect((await get(scoped, 'users', { organizationIds: [5] })).statusCode).toBe(404);
      expect((await get(tech, 'users', { groupId: 987_654 })).statusCode).toBe(404);
      // The provider's own organization is outside the technician's scope.
      expect((await get(tech, 'users', { organizationIds: [1] })).statusCode).toBe(404);
      expect((await userList(tech, { search: 'admin@demo.health' })).totalCount).toBe(0);
    });

    it('refuses callers without the permission or the account type, and bad parameters', async () => {
      expect((await get(nurse, 'users')).statusCode).toBe(403);
      // The Users page is the PRO manager's too (route table: {product}, PRO).
      expect((await get(manager, 'users')).statusCode).toBe(200);
      for (const query of [{ take: 0 }, { take: 501 }, { startingAfter: 'abc' }, { active: 'yes' }, { organizationIds: 'x' }, { groupId: -1 }]) {
        expect((await get(tech, 'users', query)).statusCode).toBe(400);
      }
    });
  });

  describe('GET /devices/wearables', () => {
    it('lists every badge of a location and its units with model, firmware, location and holder', async () => {
      const rows = await wearables(tech, { type: 'BADGE', groupId: ICU_NORTH });
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.every((r) => r.type === 'BADGE' && r.groupId === ICU_NORTH)).toBe(true);
      const row = rows.find((r) => r.id === held.id) as WearableRow;
      const [latest] = await ctx.db.select().from(firmwareVersions).where(and(eq(firmwareVersions.modelId, REV_D), eq(firmwareVersions.isLatest, true)));
      expect(row).toEqual({
        id: held.id,
        mac: held.mac,
        code: 'T-4242',
        name: held.name,
        type: 'BADGE',
        modelId: REV_D,
        modelName: 'REV D',
        groupId: ICU_NORTH,
        groupName: 'ICU – 3 North',
        firmwareVersion: expect.any(String),
        latestFirmwareVersion: latest?.version,
        batteryMv: 2950,
        batteryPercent: 81,
        lastHeartbeatAt: null,
        staged: false,
        active: true,
        user: { id: holder.id, userName: holder.userName, firstName: holder.firstName, lastName: holder.lastName },
        organizationName: "St. Mary's ICU",
        firmware: { current: { id: revD.id, version: revD.version }, latest: { id: latest?.id, version: latest?.version } },
        settingsSync: 'unconfigured',
        lastStatus: null,
        operations: [],
        operationDisabled: false,
      });
      expect(row.firmwareVersion).not.toBe(row.latestFirmwareVersion);
      expect(rows.find((r) => r.id === free.id)?.user).toBeNull();
      const tower = await wearables(tech, { type: 'BADGE', groupId: 4 });
      expect(tower.map((r) => r.id)).toEqual(expect.arrayContaining([held.id, free.id, southBadge.id]));
      const bands = await wearables(tech, { type: 'WRISTBAND', groupId: ICU_NORTH });
      expect(bands.length).toBeGreaterThan(0);
      expect(bands.every((r) => r.type === 'WRISTBAND')).toBe(true);
    });

    it('carries each wearable’s firmware, settings sync and operations as the operations pages show them', async () => {
      const [zephyr] = (await ctx.db.select().from(firmwareVersions).where(and(eq(firmwareVersions.modelId, ZEPHYR), eq(firmwareVersions.isLatest, true)))) as [FirmwareVersionRow];
      const busy = await addWearable(ctx.db, ICU_NORTH, 'WRISTBAND');
      const idle = await addWearable(ctx.db, ICU_NORTH, 'WRISTBAND');
      await ctx.db.update(devices).set({ firmwareVersionId: zephyr.id }).where(inArray(devices.id, [busy.id, idle.id]));
      const post = (path: string, body: unknown) => call(ctx.app, tech, 'POST', path, { body });
      expect((await post('settings', [{ deviceId: busy.id, settings: [{ label: 'Vibration Duration', desired: 800 }] }])).statusCode).toBe(200);
      const queued = await post('operations', { description: 'Longer vibration', operations: [{ type: 'SETTING', deviceId: busy.id, groupId: ICU_NORTH }] });
      expect(queued.statusCode).toBe(200);
      const [op] = queued.json<{ operations: { id: number; type: string; queued: boolean }[] }>().operations;
      expect(op).toMatchObject({ type: 'SETTING', queued: true });

      const rows = await wearables(tech, { type: 'WRISTBAND', groupId: ICU_NORTH });
      const firmware = { current: { id: zephyr.id, version: zephyr.version }, latest: { id: zephyr.id, version: zephyr.version } };
      expect(rows.find((r) => r.id === busy.id)).toMatchObject({
        firmwareVersion: zephyr.version,
        latestFirmwareVersion: zephyr.version,
        firmware,
        settingsSync: 'mismatched',
        lastStatus: { status: 'pending', type: 'SETTING', operationMetaDataId: op!.id, progress: 0, message: null },
        operations: [{ id: op!.id, type: 'SETTING', status: 'pending', progress: 0, description: 'Longer vibration', createdAt: expect.any(String) }],
        operationDisabled: true,
      });
      expect(rows.find((r) => r.id === idle.id)).toMatchObject({ firmware, settingsSync: 'unconfigured', lastStatus: null, operations: [], operationDisabled: false });

      // Done, the operation is the last one still, no longer open.
      await ctx.db.update(deviceOperations).set({ status: 'DONE', progress: 100 }).where(eq(deviceOperations.id, op!.id));
      const done = (await wearables(tech, { type: 'WRISTBAND', groupId: ICU_NORTH })).find((r) => r.id === busy.id);
      expect(done).toMatchObject({ lastStatus: { status: 'done', operationMetaDataId: op!.id, progress: 100 }, operations: [], operationDisabled: false });
    });

    it('filters by holder and search', async () => {
      const assigned = await wearables(tech, { type: 'BADGE', groupId: ICU_NORTH, assigned: true });
      expect(assigned.every((r) => r.user !== null)).toBe(true);
      expect(assigned.map((r) => r.id)).toContain(held.id);
      const unassigned = await wearables(tech, { type: 'BADGE', groupId: ICU_NORTH, assigned: false });
      expect(unassigned.every((r) => r.user === null)).toBe(true);
      expect(unassigned.map((r) => r.id)).toContain(free.id);
      const bare = free.mac.replace(/:/g, '').slice(-6).toLowerCase();
      expect((await wearables(tech, { type: 'BADGE', search: bare })).map((r) => r.id)).toEqual([free.id]);
      expect((await wearables(tech, { type: 'BADGE', search: 't-4242' })).map((r) => r.id)).toEqual([held.id]);
      expect((await wearables(tech, { type: 'BADGE', search: holder.lastName })).map((r) => r.id)).toContain(held.id);
    });

    it('lets SmartBadge Management read badges of its scope only, and not wristbands', async () => {
      const outsider = (await staffOf(ctx.db, ST_MARYS)).find((s) => s.groupId === ICU_SOUTH && !s.demo) as UserRow;
      const lent = await addWearable(ctx.db, ICU_NORTH);
      await ctx.db.insert(wearableAssignments).values({ deviceId: lent.id, userId: outsider.id, assignedAt: new Date() });
      const rows = await wearables(scoped, { type: 'BADGE' });
      // Held by someone outside the caller's scope: the badge is listed, its holder is not.
      expect(rows.find((r) => r.id === lent.id)?.user).toBeNull();
      expect((await wearables(tech, { type: 'BADGE', groupId: ICU_NORTH })).find((r) => r.id === lent.id)?.user?.id).toBe(outsider.id);
      expect(rows.every((r) => r.groupId === ICU_NORTH)).toBe(true);
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([held.id, free.id]));
      expect(rows.map((r) => r.id)).not.toContain(southBadge.id);
      expect((await wearables(scoped)).every((r) => r.type === 'BADGE')).toBe(true);
      expect((await get(scoped, 'devices/wearables', { type: 'WRISTBAND' })).statusCode).toBe(403);
      expect((await get(scoped, 'devices/wearables', { type: 'BADGE', groupId: ICU_SOUTH })).statusCode).toBe(404);
      expect((await get(scoped, 'devices/wearables', { type: 'BADGE', groupId: 4 })).statusCode).toBe(404);
    });

    it('refuses callers without the permission or the account type, and bad parameters', async () => {
      expect((await get(nurse, 'devices/wearables', { type: 'BADGE' })).statusCode).toBe(403);
      expect((await get(manager, 'devices/wearables', { type: 'BADGE' })).statusCode).toBe(403);
      expect((await get(tech, 'devices/wearables', { type: 'BEACON' })).statusCode).toBe(400);
      expect((await get(tech, 'devices/wearables', { groupId: 'north' })).statusCode).toBe(400);
      expect((await get(tech, 'devices/wearables', { assigned: 'maybe' })).statusCode).toBe(400);
    });
  });

  describe('GET /devices/models and GET /devices/mac/:mac', () => {
    it('lists the badge models with their versions, newest first', async () => {
      const res = await get(tech, 'devices/models', { type: 'BADGE' });
      expect(res.statusCode).toBe(200);
      const models = deviceModelsSchema.parse(res.json());
      expect(models.map((m) => [m.id, m.name, m.deviceType])).toEqual([
        [REV_C, 'REV C', 'BADGE'],
        [REV_D, 'REV D', 'BADGE'],
      ]);
      const revD = models.find((m) => m.id === REV_D);
      expect(revD?.versions.map((v) => v.version)).toEqual(['2.2.3', '2.1.0', '2.0.1']);
      expect(revD?.versions.map((v) => v.isLatest)).toEqual([true, false, false]);
      expect((await get(tech, 'devices/models', { type: 'SPEAKER' })).statusCode).toBe(400);
      expect((await get(nurse, 'devices/models', { type: 'BADGE' })).statusCode).toBe(403);
    });

    it('finds a MAC however it is written, showing the device only inside the caller’s scope', async () => {
      const spelled = held.mac.toLowerCase().replace(/:/g, '-');
      const res = await get(tech, `devices/mac/${spelled}`);
      expect(res.statusCode).toBe(200);
      expect(macLookupSchema.parse(res.json())).toEqual({ exists: true, device: { id: held.id, name: held.name, groupId: ICU_NORTH, groupName: 'ICU – 3 North', type: 'BADGE' } });
      expect((await get(tech, `devices/mac/${held.mac.replace(/:/g, '')}`)).json().device.id).toBe(held.id);
      expect((await get(scoped, `devices/mac/${southBadge.mac}`)).json()).toEqual({ exists: true, device: null });
      expect((await get(tech, `devices/mac/${southBadge.mac}`)).json().device.id).toBe(southBadge.id);
      expect((await get(tech, 'devices/mac/02:00:00:00:00:00')).json()).toEqual({ exists: false, device: null });
    });

    it('refuses a MAC that is not 12 hex digits, and callers without the permission', async () => {
      for (const mac of ['ZZ', '02:00:00:00:00:0', '02:00:00:00:00:00:11', 'GG0000000000']) {
        const res = await get(tech, `devices/mac/${encodeURIComponent(mac)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('MAC must be 17 characters (colon-separated uppercase pairs). (params/mac)');
      }
      expect((await get(nurse, `devices/mac/${held.mac}`)).statusCode).toBe(403);
      expect((await get(manager, `devices/mac/${held.mac}`)).statusCode).toBe(403);
    });
  });

  it('never lists a device twice or one of another type', async () => {
    const rows = await wearables(tech, { groupId: ICU_NORTH });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const types = await ctx.db.select({ type: devices.type }).from(devices).where(inArray(devices.id, rows.map((r) => r.id)));
    expect(new Set(types.map((t) => t.type))).toEqual(new Set(['BADGE', 'WRISTBAND']));
  });
});
