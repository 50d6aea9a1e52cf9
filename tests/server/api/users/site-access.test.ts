import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INACTIVE_MESSAGE } from '../../../../server/src/contracts/session';
import {
  NO_SIGN_IN_ACCOUNT_MESSAGE,
  SELF_DEACTIVATION_MESSAGE,
  SELF_GRANT_MESSAGE,
  setSiteAccessResponseSchema,
} from '../../../../server/src/contracts/users-admin';
import { users, wearableAssignments, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, requestBootstrap, signIn, userIdOf, type Tokens } from '../../helpers/app';
import { localIdentity, providerError, passwordSignIn } from '../../helpers/identity';
import { handOut, RIVERSIDE, signedInStaff, ST_MARYS, staffOf } from '../../helpers/staff';

const { client, userPoolId } = localIdentity();

const untilNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

const enabledOf = async (username: string) => (await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }))).Enabled;

describe('PUT /api/users/:id/site-access', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let tech: Tokens;
  let managerId: number;
  let stMarys: () => UserRow;
  let riverside: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse, tech] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health'), signIn('tech@demo.health')]);
    managerId = await userIdOf(ctx.app, manager.idToken, 'manager@demo.health');
    stMarys = handOut(await staffOf(ctx.db, ST_MARYS), 'site-access');
    riverside = (await staffOf(ctx.db, RIVERSIDE))[0]!;
  });
  afterAll(() => ctx.close());

  const setAccess = (token: string | undefined, id: number | string, body: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/site-access`,
      headers: token ? { authorization: token } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const heldBy = async (userId: number) =>
    (
      await ctx.db
        .select({ deviceId: wearableAssignments.deviceId })
        .from(wearableAssignments)
        .where(and(eq(wearableAssignments.userId, userId), isNull(wearableAssignments.unassignedAt)))
    ).map((a) => a.deviceId);
  const activeOf = async (id: number) => (await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, id)))[0]?.active;

  it('answers 401 without a token and 403 to callers without Access Management', async () => {
    const target = stMarys();
    expect((await setAccess(undefined, target.id, { granted: false })).statusCode).toBe(401);
    for (const caller of [nurse, tech]) expect((await setAccess(caller.idToken, target.id, { granted: false })).statusCode).toBe(403);
    expect(await activeOf(target.id)).toBe(true);
  });

  it('revokes: the user is deactivated, their account disabled, their next request refused with 401; granting restores both', async () => {
    const { user, tokens, password } = await signedInStaff(ctx.db, stMarys());
    const [held = null] = await heldBy(user.id);
    expect((await requestBootstrap(ctx.app, tokens.idToken, user.userName)).statusCode).toBe(200);
    // Loading the session records the sign-in as the last login Access Management shows.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/users',
      query: { organizationIds: String(user.organizationId), search: user.userName, expand: 'cognito' },
      headers: { authorization: manager.idToken },
    });
    const mine = (listed.json().data as { id: number; lastLogin: string | null }[]).find((u) => u.id === user.id);
    expect(mine).toMatchObject({ cognito: { status: 'CONFIRMED', enabled: true } });
    expect(Date.now() - Date.parse(mine!.lastLogin!)).toBeLessThan(120_000);

    const revoked = await setAccess(manager.idToken, user.id, { granted: false });
    expect(revoked.statusCode).toBe(200);
    // A revoked user is deactivated, so the wearable they held (if any) is given back, as Deactivate does.
    expect(setSiteAccessResponseSchema.parse(revoked.json())).toEqual({ id: user.id, active: false, status: 'NO_ACCESS', unassignedDeviceId: held });
    expect(await heldBy(user.id)).toEqual([]);
    expect(await activeOf(user.id)).toBe(false);
    expect(await enabledOf(user.userName)).toBe(false);
    // The very next request with the token issued before the revocation: no cache delays it.
    const refused = await requestBootstrap(ctx.app, tokens.idToken, user.userName);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(ACCOUNT_INACTIVE_MESSAGE);
    expect((await providerError(passwordSignIn(user.userName, password))).message).toBe('User is disabled.');

    const granted = await setAccess(manager.idToken, user.id, { granted: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ id: user.id, active: true, status: 'CONFIRMED', unassignedDeviceId: null });
    expect(await enabledOf(user.userName)).toBe(true);
    // The session the user had before the revocation stays ended: they sign in again.
    const stale = await requestBootstrap(ctx.app, tokens.idToken, user.userName);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('This session was signed out. Please sign in again.');
    // (Tokens are dated to the second: one issued in the second of the revocation counts as before it.)
    await untilNextSecond();
    const again = await signIn(user.userName, password);
    expect((await requestBootstrap(ctx.app, again.idToken, user.userName)).statusCode).toBe(200);
  });

  it('refuses acting on oneself, in either direction', async () => {
    const revoke = await setAccess(manager.idToken, managerId, { granted: false });
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json().message).toBe(SELF_DEACTIVATION_MESSAGE);
    const grant = await setAccess(manager.idToken, managerId, { granted: true });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().message).toBe(SELF_GRANT_MESSAGE);
    expect(await activeOf(managerId)).toBe(true);
  });

  it('answers 404 for a user outside the scope, as for one who does not exist, changing nothing', async () => {
    for (const id of [riverside.id, 2_147_480_000]) {
      const res = await setAccess(manager.idToken, id, { granted: false });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    expect(await activeOf(riverside.id)).toBe(true);
  });

  it('answers 409 for a user without a sign-in account (they are invited instead), changing nothing', async () => {
    const target = stMarys();
    const res = await setAccess(manager.idToken, target.id, { granted: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_SIGN_IN_ACCOUNT_MESSAGE);
    expect(await activeOf(target.id)).toBe(true);
  });

  it('answers 400 to malformed input, never 500', async () => {
    const target = stMarys();
    for (const [id, body] of [
      [target.id, { granted: 'yes' }],
      [target.id, {}],
      [target.id, undefined],
      [target.id, [true]],
      [target.id, { granted: false, extra: 1 }],
      ['abc', { granted: false }],
      ['-1', { granted: false }],
      ['99999999999', { granted: false }],
    ] as const) {
      const res = await setAccess(manager.idToken, id, body);
      expect(res.statusCode, `${id} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(await activeOf(target.id)).toBe(true);
  });
});
