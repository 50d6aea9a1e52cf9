import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema, type HistoryEntry } from '../../../../server/src/contracts/wearables';
import { devices, users, wearableAssignments, type DeviceRow, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, userIdOf, type Tokens } from '../../helpers/app';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { addWearable, call, createScopedAccount, EMERGENCY, ICU_NORTH, ICU_SOUTH } from './wearables-client';

describe('assigning, unassigning and the assignment history of wearables', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let tech: Tokens;
  let nurse: Tokens;
  let manager: Tokens;
  /** Holds only SMARTBADGE_MANAGEMENT_BETA and manages only ICU – 3 North. */
  let scoped: Tokens;
  let techId: number;
  /** Active staff of ICU – 3 North, each holding a seeded wearable. */
  let icu: UserRow[];
  /** A staff member of the Emergency department: outside the scoped account's reach. */
  let emergencyUser: UserRow;
  let badges: DeviceRow[];
  let wristband: DeviceRow;
  /** A badge of ICU – 3 South: outside the scoped account's reach. */
  let southBadge: DeviceRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, tech, nurse, manager] = await Promise.all([
      signIn('admin@demo.health'),
      signIn('tech@demo.health'),
      signIn('nurse@demo.health'),
      signIn('manager@demo.health'),
    ]);
    techId = await userIdOf(ctx.app, tech.idToken, 'tech@demo.health');
    scoped = (await createScopedAccount(ctx.db, { subjects: ['SMARTBADGE_MANAGEMENT_BETA'], groupIds: [ICU_NORTH] })).tokens;
    const staff = await staffOf(ctx.db, ST_MARYS);
    icu = staff.filter((s) => s.groupId === ICU_NORTH && !s.demo).slice(0, 8);
    emergencyUser = staff.find((s) => s.groupId === EMERGENCY) as UserRow;
    badges = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addWearable(ctx.db, ICU_NORTH)));
    wristband = await addWearable(ctx.db, ICU_NORTH, 'WRISTBAND');
    southBadge = await addWearable(ctx.db, ICU_SOUTH);
  });
  afterAll(() => ctx.close());

  const assign = (tokens: Tokens, body: unknown, headers?: Record<string, string>) =>
    call(ctx.app, tokens, 'POST', 'users/assign-badge', { body, headers });
  const unassign = (tokens: Tokens, body: unknown) => call(ctx.app, tokens, 'POST', 'users/unassign-wearable', { body });
  const assignmentsOf = (deviceId: number) =>
    ctx.db.select().from(wearableAssignments).where(eq(wearableAssignments.deviceId, deviceId)).orderBy(asc(wearableAssignments.id));
  const openOfUser = (userId: number) =>
    ctx.db
      .select()
      .from(wearableAssignments)
      .where(and(eq(wearableAssignments.userId, userId), isNull(wearableAssignments.unassignedAt)));
  const historyOf = async (tokens: Tokens, path: string, query: Record<string, string | number> = {}) => {
    const res = await call(ctx.app, tokens, 'GET', path, { query });
    expect(res.statusCode).toBe(200);
    return historyResponseSchema.parse(res.json());
  };
  const who = (e: HistoryEntry) => `${e.type} ${e.user.id} ${e.device.id}`;

  it('assigns a free badge, ends the user’s previous wearable and records the caller as assignor', async () => {
    const [u1] = icu as [UserRow];
    const [b1] = badges as [DeviceRow];
    const before = await openOfUser(u1.id);
    expect(before).toHaveLength(1);
    const res = await assign(tech, [{ userId: u1.id, wearableId: b1.id, assignorId: u1.id }]);
    expect(res.statusCode).toBe(200);
    const [result] = res.json();
    expect(result).toEqual({ status: 'fulfilled', value: { userId: u1.id, wearableId: b1.id, assignedAt: expect.any(String) } });
    const [row] = await assignmentsOf(b1.id);
    expect(row).toMatchObject({ userId: u1.id, unassignedAt: null, assignorId: techId, assignorType: 'USER' });
    expect(row?.assignedAt.toISOString()).toBe(result.value.assignedAt);
    const open = await openOfUser(u1.id);
    expect(open.map((a) => a.deviceId)).toEqual([b1.id]);
    const [previous] = await ctx.db.select().from(wearableAssignments).where(eq(wearableAssignments.id, before[0]?.id as number));
    expect(previous?.unassignedAt?.toISOString()).toBe(result.value.assignedAt);
  });

  it('re-assigns: the holder’s assignment ends, and the history lists ASSIGN and UNASSIGN newest first', async () => {
    const [u1, u2] = icu as [UserRow, UserRow];
    const [b1] = badges as [DeviceRow];
    const res = await assign(admin, [{ userId: u2.id, wearableId: b1.id }]);
    expect(res.json()[0].status).toBe('fulfilled');
    const rows = await assignmentsOf(b1.id);
    expect(rows.map((r) => [r.userId, r.unassignedAt === null])).toEqual([
      [u1.id, false],
      [u2.id, true],
    ]);
    expect(rows[0]?.unassignedAt?.getTime()).toBe(rows[1]?.assignedAt.getTime());

    const device = await historyOf(tech, `devices/${b1.id}/history`);
    expect(device.hasMore).toBe(false);
    expect(device.data.map(who)).toEqual([`ASSIGN ${u2.id} ${b1.id}`, `UNASSIGN ${u1.id} ${b1.id}`, `ASSIGN ${u1.id} ${b1.id}`]);
    expect(device.data.map((e) => e.id)).toEqual([`a-${rows[1]?.id}`, `u-${rows[0]?.id}`, `a-${rows[0]?.id}`]);
    const times = device.data.map((e) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(device.data[0]).toMatchObject({
      user: { id: u2.id, firstName: u2.firstName, lastName: u2.lastName },
      device: { id: b1.id, mac: b1.mac, checkInCode: null },
      assignor: { type: 'USER', name: 'Avery Collins' },
    });
    expect(device.data[2]?.assignor).toEqual({ type: 'USER', name: 'Theo Nakamura' });

    const user = await historyOf(tech, `users/${u1.id}/history`);
    expect(user.data.slice(0, 2).map(who)).toEqual([`UNASSIGN ${u1.id} ${b1.id}`, `ASSIGN ${u1.id} ${b1.id}`]);
    // Then the seeded wearable they gave up for it.
    expect(user.data[2]).toMatchObject({ type: 'UNASSIGN', timestamp: user.data[1]?.timestamp });
    expect(user.data.every((e) => e.user.id === u1.id)).toBe(true);
  });

  it('pages the history with take and startingAfter', async () => {
    const [, u2] = icu as [UserRow, UserRow];
    const full = await historyOf(admin, `users/${u2.id}/history`);
    expect(full.data.length).toBeGreaterThanOrEqual(3);
    const first = await historyOf(admin, `users/${u2.id}/history`, { take: 2 });
    expect(first.hasMore).toBe(true);
    expect(first.data).toEqual(full.data.slice(0, 2));
    const rest = await historyOf(admin, `users/${u2.id}/history`, { take: 100, startingAfter: first.data[1]?.id as string });
    expect(rest.hasMore).toBe(false);
    expect(rest.data).toEqual(full.data.slice(2));
  });

  it('treats giving a user the badge they hold as done, writing nothing', async () => {
    const [, u2] = icu as [UserRow, UserRow];
    const [b1] = badges as [DeviceRow];
    const before = await assignmentsOf(b1.id);
    const res = await assign(tech, [{ userId: u2.id, wearableId: b1.id }]);
    expect(res.json()).toEqual([
      { status: 'fulfilled', value: { userId: u2.id, wearableId: b1.id, assignedAt: before[1]?.assignedAt.toISOString() } },
    ]);
    expect(await assignmentsOf(b1.id)).toEqual(before);
  });

  it('answers each item of a batch on its own, with clear reasons', async () => {
    const [, , u3, u4, inactive] = icu as [UserRow, UserRow, UserRow, UserRow, UserRow];
    const [, b2, b3] = badges as [DeviceRow, DeviceRow, DeviceRow];
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const res = await assign(scoped, [
      { userId: u3.id, wearableId: b2.id },
      { userId: u4.id, wearableId: southBadge.id },
      { userId: emergencyUser.id, wearableId: b3.id },
      { userId: inactive.id, wearableId: b3.id },
      { userId: u4.id, wearableId: wristband.id },
      { userId: u4.id, wearableId: 987_654 },
      { userId: 987_654, wearableId: b3.id },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { status: 'fulfilled', value: { userId: u3.id, wearableId: b2.id, assignedAt: expect.any(String) } },
      { status: 'rejected', reason: { message: 'Device not found' } },
      { status: 'rejected', reason: { message: 'User not found' } },
      { status: 'rejected', reason: { message: 'User is inactive' } },
      { status: 'rejected', reason: { message: 'You do not have permission to assign this device' } },
      { status: 'rejected', reason: { message: 'Device not found' } },
      { status: 'rejected', reason: { message: 'User not found' } },
    ]);
    expect(await assignmentsOf(southBadge.id)).toEqual([]);
    expect(await assignmentsOf(b3.id)).toEqual([]);
    expect(await assignmentsOf(wristband.id)).toEqual([]);
    // The same items succeed for an account whose scope and permissions cover them.
    const wide = await assign(tech, [
      { userId: u4.id, wearableId: southBadge.id },
      { userId: emergencyUser.id, wearableId: b3.id },
    ]);
    expect(wide.json().map((r: { status: string }) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  });

  it('keeps one holder when two assignments of a badge race', async () => {
    const u6 = icu[5] as UserRow;
    const u7 = icu[6] as UserRow;
    const b4 = badges[3] as DeviceRow;
    const results = await Promise.all([assign(tech, [{ userId: u6.id, wearableId: b4.id }]), assign(admin, [{ userId: u7.id, wearableId: b4.id }])]);
    expect(results.map((r) => r.json()[0].status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = await assignmentsOf(b4.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.unassignedAt === null)).toHaveLength(1);
  });

  it('unassigns the holder, and refuses 409 for anyone else, changing nothing', async () => {
    const [u1, u2] = icu as [UserRow, UserRow];
    const [b1] = badges as [DeviceRow];
    const before = await assignmentsOf(b1.id);
    const refused = await unassign(tech, { userId: u1.id, wearableId: b1.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This device is not assigned to that user.');
    expect(await assignmentsOf(b1.id)).toEqual(before);

    const res = await unassign(scoped, { userId: u2.id, wearableId: b1.id, assignorId: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ userId: u2.id, wearableId: b1.id, unassignedAt: expect.any(String) });
    const after = await assignmentsOf(b1.id);
    expect(after.filter((r) => r.unassignedAt === null)).toEqual([]);
    expect(after[1]?.unassignedAt?.toISOString()).toBe(body.unassignedAt);
    expect((await unassign(tech, { userId: u2.id, wearableId: b1.id })).statusCode).toBe(409);
    const history = await historyOf(tech, `devices/${b1.id}/history`, { take: 1 });
    expect(history).toMatchObject({ hasMore: true, data: [{ type: 'UNASSIGN', user: { id: u2.id }, timestamp: body.unassignedAt }] });
  });

  it('answers 404 for wearables and users outside the caller’s scope', async () => {
    const [u1] = icu as [UserRow];
    await assign(tech, [{ userId: emergencyUser.id, wearableId: southBadge.id }]);
    expect((await unassign(scoped, { userId: emergencyUser.id, wearableId: southBadge.id })).statusCode).toBe(404);
    expect((await unassign(scoped, { userId: emergencyUser.id, wearableId: southBadge.id })).json().message).toBe('Device not found');
    const b5 = badges[4] as DeviceRow;
    await assign(tech, [{ userId: emergencyUser.id, wearableId: b5.id }]);
    const outsider = await unassign(scoped, { userId: emergencyUser.id, wearableId: b5.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe('User not found');
    expect((await openOfUser(emergencyUser.id)).map((a) => a.deviceId)).toEqual([b5.id]);
    // The badge's history is the scoped caller's to read, but not the name of a holder outside their scope.
    const [latest] = (await historyOf(scoped, `devices/${b5.id}/history`)).data;
    expect(latest).toMatchObject({ type: 'ASSIGN', user: { id: emergencyUser.id, firstName: 'User', lastName: '' } });
    const [seen] = (await historyOf(tech, `devices/${b5.id}/history`)).data;
    expect(seen?.user).toEqual({ id: emergencyUser.id, firstName: emergencyUser.firstName, lastName: emergencyUser.lastName });
    expect((await call(ctx.app, scoped, 'GET', `devices/${southBadge.id}/history`)).statusCode).toBe(404);
    expect((await call(ctx.app, scoped, 'GET', `users/${emergencyUser.id}/history`)).statusCode).toBe(404);
    expect((await call(ctx.app, tech, 'GET', 'devices/987654/history')).statusCode).toBe(404);
    // A device that is not a wearable has no assignment history.
    const [gateway] = await ctx.db.select().from(devices).where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'GATEWAY'))).limit(1);
    expect((await call(ctx.app, tech, 'GET', `devices/${gateway?.id}/history`)).statusCode).toBe(404);
    expect((await call(ctx.app, scoped, 'GET', `users/${u1.id}/history`)).statusCode).toBe(200);
  });

  it('refuses assignments to callers without a wearable permission or the account type, and unassignments without Users too', async () => {
    const [u1] = icu as [UserRow];
    const [b1] = badges as [DeviceRow];
    for (const tokens of [nurse, manager]) {
      expect((await assign(tokens, [{ userId: u1.id, wearableId: b1.id }])).statusCode).toBe(403);
    }
    expect((await unassign(nurse, { userId: u1.id, wearableId: b1.id })).statusCode).toBe(403);
    // The manager's Users page unassigns any wearable (unassign-from-users.test.ts); u1 holds nothing.
    expect((await unassign(manager, { userId: u1.id, wearableId: b1.id })).statusCode).toBe(409);
    expect((await call(ctx.app, nurse, 'GET', `devices/${b1.id}/history`)).statusCode).toBe(403);
    expect((await call(ctx.app, nurse, 'GET', `users/${u1.id}/history`)).statusCode).toBe(403);
    expect(await openOfUser(u1.id)).toEqual([]);
  });

  it('shows history to the pages with a History menu, whatever their account type: Users and SmartSensor Usage for the PRO manager', async () => {
    const [u1] = icu as [UserRow];
    const [b1] = badges as [DeviceRow];
    expect((await call(ctx.app, manager, 'GET', `users/${u1.id}/history`)).statusCode).toBe(200);
    expect((await call(ctx.app, manager, 'GET', `devices/${b1.id}/history`)).statusCode).toBe(200);
  });

  it('refuses malformed requests with 400', async () => {
    const [u1] = icu as [UserRow];
    const [b1] = badges as [DeviceRow];
    const item = { userId: u1.id, wearableId: b1.id };
    expect((await assign(tech, [])).statusCode).toBe(400);
    expect((await assign(tech, Array.from({ length: 101 }, () => item))).statusCode).toBe(400);
    expect((await assign(tech, item)).statusCode).toBe(400);
    expect((await assign(tech, [{ userId: 'me', wearableId: b1.id }])).statusCode).toBe(400);
    expect((await unassign(tech, { wearableId: b1.id })).statusCode).toBe(400);
    expect((await call(ctx.app, tech, 'GET', `devices/${b1.id}/history`, { query: { take: 101 } })).statusCode).toBe(400);
    expect((await call(ctx.app, tech, 'GET', `devices/${b1.id}/history`, { query: { startingAfter: 'x-1' } })).statusCode).toBe(400);
    expect((await call(ctx.app, tech, 'GET', 'devices/abc/history')).statusCode).toBe(400);
    // An entry of another history is no place to continue from.
    const other = await historyOf(tech, `users/${u1.id}/history`);
    const foreign = other.data.find((e) => e.device.id !== b1.id) as HistoryEntry;
    const res = await call(ctx.app, tech, 'GET', `devices/${b1.id}/history`, { query: { startingAfter: foreign.id } });
    expect(res.statusCode).toBe(400);
    expect(await openOfUser(u1.id)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first answer and writes one assignment', async () => {
    const [u1] = icu as [UserRow];
    const b6 = badges[5] as DeviceRow;
    const key = randomUUID();
    const first = await assign(tech, [{ userId: u1.id, wearableId: b6.id }], { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()[0].status).toBe('fulfilled');
    // Unassigned in between: were the repeat to run again, it would assign anew.
    expect((await unassign(tech, { userId: u1.id, wearableId: b6.id })).statusCode).toBe(200);
    const again = await assign(tech, [{ userId: u1.id, wearableId: b6.id }], { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await assignmentsOf(b6.id)).toHaveLength(1);
    expect(await openOfUser(u1.id)).toEqual([]);
  });
});
