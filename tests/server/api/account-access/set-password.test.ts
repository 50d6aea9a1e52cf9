import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { passwordSignIn, providerError } from '../../helpers/identity';
import { handOut, RIVERSIDE, ST_MARYS, signedInStaff, staffOf } from '../../helpers/staff';

describe('PUT /api/users/set-password', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let stMarys: () => UserRow;
  let riverside: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    stMarys = handOut(await staffOf(ctx.db, ST_MARYS), 'set-password');
    riverside = (await staffOf(ctx.db, RIVERSIDE))[0]!;
  });
  afterAll(() => ctx.close());

  const setPassword = (token: string | undefined, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/users/set-password', headers: token ? { authorization: token } : {}, payload: body });

  it('answers 401 without a token', async () => {
    expect((await setPassword(undefined, { username: 'nurse@demo.health', password: 'Fresh!Pass123' })).statusCode).toBe(401);
  });

  it('lets a user set their own password', async () => {
    const staff = await signedInStaff(ctx.db, stMarys());
    const res = await setPassword(staff.tokens.idToken, { username: staff.user.userName, password: '  Fresh!Pass123 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: staff.user.userName });
    expect((await passwordSignIn(staff.user.userName, 'Fresh!Pass123')).AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await providerError(passwordSignIn(staff.user.userName, staff.password))).name).toBe('NotAuthorizedException');
  });

  it('answers 400 with the broken rule, and keeps the old password', async () => {
    const staff = await signedInStaff(ctx.db, stMarys());
    const weak = await setPassword(staff.tokens.idToken, { username: staff.user.userName, password: 'nodigits!Aa' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^Password must contain a number/);
    const local = staff.user.userName.split('@')[0]!;
    const named = await setPassword(staff.tokens.idToken, { username: staff.user.userName, password: `${local}!A1` });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toMatch(/^Password cannot contain your username/);
    expect((await passwordSignIn(staff.user.userName, staff.password)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('lets a manager set the password of a user inside their scope', async () => {
    const staff = await signedInStaff(ctx.db, stMarys());
    const res = await setPassword(manager.idToken, { username: staff.user.userName, password: 'Managed!Pass123' });
    expect(res.statusCode).toBe(200);
    expect((await passwordSignIn(staff.user.userName, 'Managed!Pass123')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('answers 403 to a caller without the users permission acting on someone else', async () => {
    const staff = await signedInStaff(ctx.db, stMarys());
    expect((await setPassword(nurse.idToken, { username: staff.user.userName, password: 'Taken!Over123' })).statusCode).toBe(403);
    expect((await setPassword(staff.tokens.idToken, { username: 'manager@demo.health', password: 'Taken!Over123' })).statusCode).toBe(403);
    expect((await passwordSignIn(staff.user.userName, staff.password)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('answers 404 outside the scope, and for a user without a sign-in account', async () => {
    const outside = await setPassword(manager.idToken, { username: riverside.userName, password: 'Outside!Pass123' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('User not found');
    const noAccount = await setPassword(manager.idToken, { username: stMarys().userName, password: 'Nobody!Pass123' });
    expect(noAccount.statusCode).toBe(404);
    expect(noAccount.json().message).toBe('This user has no sign-in account');
  });
});
