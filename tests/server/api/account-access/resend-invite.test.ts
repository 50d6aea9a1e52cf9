import { AdminDisableUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resendInviteResponseSchema } from '../../../../server/src/contracts/account-access';
import { users, type UserRow } from '../../../../server/src/db/schema';
import { maskEmail } from '../../../../server/src/identity/mask-destination';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { localIdentity, mailCount, nextMailTo, passwordSignIn } from '../../helpers/identity';
import { handOut, RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';

const { client, clientId, userPoolId } = localIdentity();

/** The sign-in account of `username`, or null when it has none. */
async function accountOf(username: string) {
  try {
    return await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

describe('POST /api/users/resend-invite', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let tech: Tokens;
  let stMarys: () => UserRow;
  let riverside: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse, tech] = await Promise.all([
      signIn('admin@demo.health'),
      signIn('manager@demo.health'),
      signIn('nurse@demo.health'),
      signIn('tech@demo.health'),
    ]);
    stMarys = handOut(await staffOf(ctx.db, ST_MARYS), 'resend-invite');
    riverside = (await staffOf(ctx.db, RIVERSIDE))[0]!;
  });
  afterAll(() => ctx.close());

  const invite = (token: string | undefined, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/resend-invite', headers: token ? { authorization: token } : {}, payload: body });

  it('answers 401 without a token', async () => {
    expect((await invite(undefined, { Username: stMarys().userName, clientId })).statusCode).toBe(401);
  });

  it('answers 403 to callers who manage neither access nor user accounts', async () => {
    const target = stMarys();
    for (const caller of [nurse, tech]) {
      expect((await invite(caller.idToken, { Username: target.userName, clientId })).statusCode).toBe(403);
    }
    expect(await accountOf(target.userName)).toBeNull();
  });

  it('rejects bad input with 400 and invites nobody', async () => {
    const target = stMarys();
    const noName = await invite(manager.idToken, { Username: '  ', clientId });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/A username is required/);
    expect((await invite(manager.idToken, { Username: target.userName })).statusCode).toBe(400);
    const unknownClient = await invite(manager.idToken, { Username: target.userName, clientId: 'someone-else' });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.json().message).toBe('Unknown client id');
    expect(await accountOf(target.userName)).toBeNull();
  });

  it('does not let a caller invite themself', async () => {
    const res = await invite(manager.idToken, { Username: ' Manager@Demo.Health', clientId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot invite yourself');
  });

  it('answers 404 for a user outside the caller’s scope, as for one who does not exist', async () => {
    for (const Username of [riverside.userName, 'nobody@stmarys.example']) {
      const res = await invite(manager.idToken, { Username, clientId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    expect(await accountOf(riverside.userName)).toBeNull();
  });

  it('creates the sign-in account and mails an invitation whose temporary password signs in', async () => {
    const target = stMarys();
    const before = mailCount();
    const res = await invite(manager.idToken, { Username: ` ${target.userName.toUpperCase()} `, clientId });
    expect(res.statusCode).toBe(200);
    expect(resendInviteResponseSchema.parse(res.json())).toEqual({
      username: target.userName,
      destination: maskEmail(target.email!),
      created: true,
    });
    const mail = await nextMailTo(target.email!, before, 'CustomMessage_AdminCreateUser');
    expect(mail.link).toBe(`http://localhost:8080/auth?username=${encodeURIComponent(target.userName)}&temp_pass=${encodeURIComponent(mail.code!)}`);
    expect((await passwordSignIn(target.userName, mail.code!)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const account = await accountOf(target.userName);
    expect(account?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(account?.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });

  it('invites again with a new temporary password, re-enabling an account disabled before it was used', async () => {
    const target = stMarys();
    let before = mailCount();
    expect((await invite(admin.idToken, { Username: target.userName, clientId })).statusCode).toBe(200);
    const first = await nextMailTo(target.email!, before, 'CustomMessage_AdminCreateUser');
    await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: target.userName }));

    before = mailCount();
    const res = await invite(manager.idToken, { Username: target.userName, clientId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: target.userName, destination: maskEmail(target.email!), created: false });
    const second = await nextMailTo(target.email!, before, 'CustomMessage_AdminCreateUser');
    expect(second.code).not.toBe(first.code);
    expect((await accountOf(target.userName))?.Enabled).toBe(true);
    expect((await passwordSignIn(target.userName, second.code!)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('answers 409 for a user who has already set up their account', async () => {
    const res = await invite(admin.idToken, { Username: 'nurse@demo.health', clientId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This user has already set up their account');
  });

  it('answers 409 for an inactive user and invites nobody', async () => {
    const target = stMarys();
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, target.id));
    const res = await invite(manager.idToken, { Username: target.userName, clientId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Reactivate this user before inviting them');
    expect(await accountOf(target.userName)).toBeNull();
  });

  it('answers 400 for a user without any email address', async () => {
    const target = stMarys();
    await ctx.db.update(users).set({ userName: `badge${target.id}`, email: null }).where(eq(users.id, target.id));
    const res = await invite(manager.idToken, { Username: `badge${target.id}`, clientId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This user has no email address to send an invitation to');
  });
});
