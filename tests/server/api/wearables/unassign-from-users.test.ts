import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wearableAssignments, type DeviceRow, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { addWearable, call, createScopedAccount, EMERGENCY, ICU_NORTH } from './wearables-client';

// Users' Unassign Device (docs/SCREENS.md 'Users'): POST /users/unassign-wearable is granted by the
// Users page too, for every kind of wearable (docs/PERMISSIONS.md 'Decisions').

describe('unassigning a wearable from the Users page', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let tech: Tokens;
  let nurse: Tokens;
  /** The PRO hospital administrator of St. Mary's: Users, but no wearable screen. */
  let manager: Tokens;
  /** Holds only USERS_ACCOUNTS and manages only ICU – 3 North. */
  let usersOnly: Tokens;
  /** Active staff of ICU – 3 North. */
  let icu: UserRow[];
  let emergencyUser: UserRow;
  let riversideUser: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [tech, nurse, manager] = await Promise.all([signIn('tech@demo.health'), signIn('nurse@demo.health'), signIn('manager@demo.health')]);
    usersOnly = (await createScopedAccount(ctx.db, { subjects: ['USERS_ACCOUNTS'], groupIds: [ICU_NORTH] })).tokens;
    const staff = await staffOf(ctx.db, ST_MARYS);
    icu = staff.filter((s) => s.groupId === ICU_NORTH && !s.demo).slice(0, 6);
    emergencyUser = staff.find((s) => s.groupId === EMERGENCY && !s.demo) as UserRow;
    riversideUser = (await staffOf(ctx.db, RIVERSIDE)).find((s) => !s.demo && s.groupId !== null) as UserRow;
  });
  afterAll(() => ctx.close());

  const unassign = (tokens: Tokens, body: unknown, headers?: Record<string, string>) =>
    call(ctx.app, tokens, 'POST', 'users/unassign-wearable', { body, headers });
  /** Gives `user` a new wearable of `type` at `groupId` (as the technician would). */
  async function wearing(user: UserRow, type: 'BADGE' | 'WRISTBAND', groupId = ICU_NORTH): Promise<DeviceRow> {
    const device = await addWearable(ctx.db, groupId, type);
    const res = await call(ctx.app, tech, 'POST', 'users/assign-badge', { body: [{ userId: user.id, wearableId: device.id }] });
    expect(res.json()[0].status).toBe('fulfilled');
    return device;
  }
  const openOf = (deviceId: number) =>
    ctx.db.select().from(wearableAssignments).where(and(eq(wearableAssignments.deviceId, deviceId), isNull(wearableAssignments.unassignedAt)));
  const unassignsOf = async (deviceId: number) =>
    (await ctx.db.select().from(wearableAssignments).where(eq(wearableAssignments.deviceId, deviceId))).filter((a) => a.unassignedAt !== null);

  it('lets a holder of the Users page without any wearable permission unassign a wristband and a badge', async () => {
    const [u1, u2] = icu as [UserRow, UserRow];
    const wristband = await wearing(u1, 'WRISTBAND');
    const badge = await wearing(u2, 'BADGE');
    const first = await unassign(manager, { userId: u1.id, wearableId: wristband.id, assignorId: u1.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: u1.id, wearableId: wristband.id, unassignedAt: expect.any(String) });
    expect(await openOf(wristband.id)).toEqual([]);
    expect((await unassign(usersOnly, { userId: u2.id, wearableId: badge.id })).statusCode).toBe(200);
    expect(await openOf(badge.id)).toEqual([]);
  });

  it('answers a conflict with 409 and changes nothing: already unassigned, or re-assigned meanwhile', async () => {
    const [, , u3, u4] = icu as [UserRow, UserRow, UserRow, UserRow];
    const wristband = await wearing(u3, 'WRISTBAND');
    expect((await unassign(manager, { userId: u3.id, wearableId: wristband.id })).statusCode).toBe(200);
    const again = await unassign(manager, { userId: u3.id, wearableId: wristband.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This device is not assigned to that user.');

    const badge = await wearing(u3, 'BADGE');
    // Someone else gives the badge to another user before the unassignment arrives.
    await call(ctx.app, tech, 'POST', 'users/assign-badge', { body: [{ userId: u4.id, wearableId: badge.id }] });
    const late = await unassign(manager, { userId: u3.id, wearableId: badge.id });
    expect(late.statusCode).toBe(409);
    expect((await openOf(badge.id)).map((a) => a.userId)).toEqual([u4.id]);
  });

  it('answers a repeated Idempotency-Key with the first answer, unassigning once', async () => {
    const u5 = icu[4] as UserRow;
    const wristband = await wearing(u5, 'WRISTBAND');
    const key = randomUUID();
    const first = await unassign(manager, { userId: u5.id, wearableId: wristband.id }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const replay = await unassign(manager, { userId: u5.id, wearableId: wristband.id }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await unassignsOf(wristband.id)).toHaveLength(1);
  });

  it('keeps to the caller’s scope: a user or wearable outside it is 404, and stays assigned', async () => {
    const wristband = await wearing(emergencyUser, 'WRISTBAND', EMERGENCY);
    const outside = await unassign(usersOnly, { userId: emergencyUser.id, wearableId: wristband.id });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Device not found');
    expect(await openOf(wristband.id)).toHaveLength(1);

    const riverside = await wearing(riversideUser, 'BADGE', riversideUser.groupId as number);
    expect((await unassign(manager, { userId: riversideUser.id, wearableId: riverside.id })).statusCode).toBe(404);
    expect(await openOf(riverside.id)).toHaveLength(1);
  });

  it('refuses a caller with neither the Users page nor a wearable screen, and malformed input with 400', async () => {
    const u6 = icu[5] as UserRow;
    const wristband = await wearing(u6, 'WRISTBAND');
    expect((await unassign(nurse, { userId: u6.id, wearableId: wristband.id })).statusCode).toBe(403);
    for (const body of [{ wearableId: wristband.id }, { userId: u6.id }, { userId: 'me', wearableId: wristband.id }, [{ userId: u6.id, wearableId: wristband.id }], {}]) {
      expect((await unassign(manager, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await unassign(manager, { userId: u6.id, wearableId: wristband.id, extra: true })).statusCode).toBe(400);
    expect(await openOf(wristband.id)).toHaveLength(1);
  });
});
