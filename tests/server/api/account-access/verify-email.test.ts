import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '../../../../server/src/db/schema';
import { maskEmail } from '../../../../server/src/identity/mask-destination';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { localIdentity, mailCount, nextMailTo } from '../../helpers/identity';
import { handOut, RIVERSIDE, ST_MARYS, signedInStaff, staffOf } from '../../helpers/staff';

const { client, userPoolId } = localIdentity();

async function emailVerified(username: string) {
  const account = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  return account.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value;
}

describe('email verification', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let stMarys: () => UserRow;
  let riverside: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    stMarys = handOut(await staffOf(ctx.db, ST_MARYS), 'verify-email');
    riverside = (await staffOf(ctx.db, RIVERSIDE))[0]!;
  });
  afterAll(() => ctx.close());

  const sendLink = (token: string | undefined, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/verify-email', headers: token ? { authorization: token } : {}, payload: body });
  const verify = (token: string | undefined, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/user-verify-email', headers: token ? { authorization: token } : {}, payload: body });

  /** Asks for a verification link for `user` as `token` and returns the code it carries. */
  async function linkCode(token: string, user: UserRow): Promise<string> {
    const before = mailCount();
    expect((await sendLink(token, { username: user.userName })).statusCode).toBe(200);
    return (await nextMailTo(user.email!, before, 'CustomMessage_UpdateUserAttribute')).code!;
  }

  describe('POST /api/users/verify-email', () => {
    it('answers 401 without a token and 400 without a username', async () => {
      expect((await sendLink(undefined, { username: 'manager@demo.health' })).statusCode).toBe(401);
      expect((await sendLink(manager.idToken, {})).statusCode).toBe(400);
    });

    it('sends the caller a link that verifies their own email', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      const before = mailCount();
      const res = await sendLink(staff.tokens.idToken, { username: staff.user.userName.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ destination: maskEmail(staff.user.email!) });
      const mail = await nextMailTo(staff.user.email!, before, 'CustomMessage_UpdateUserAttribute');
      expect(mail.link).toBe(`http://localhost:8080/auth?verification_code=${mail.code}&email=${encodeURIComponent(staff.user.email!)}`);
      expect(await emailVerified(staff.user.userName)).toBe('false');
    });

    it('lets a manager send it to a user inside their scope', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      const res = await sendLink(manager.idToken, { username: staff.user.userName });
      expect(res.statusCode).toBe(200);
      expect(res.json().destination).toBe(maskEmail(staff.user.email!));
    });

    it('answers 403 to a caller without user management acting on someone else', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      expect((await sendLink(staff.tokens.idToken, { username: 'manager@demo.health' })).statusCode).toBe(403);
      expect((await sendLink(nurse.idToken, { username: staff.user.userName })).statusCode).toBe(403);
      expect(await emailVerified(staff.user.userName)).toBe('true');
    });

    it('answers 404 outside the scope, and for a user without a sign-in account', async () => {
      const outside = await sendLink(manager.idToken, { username: riverside.userName });
      expect(outside.statusCode).toBe(404);
      expect(outside.json().message).toBe('User not found');
      const noAccount = await sendLink(manager.idToken, { username: stMarys().userName });
      expect(noAccount.statusCode).toBe(404);
      expect(noAccount.json().message).toBe('This user has no sign-in account');
    });
  });

  describe('POST /api/users/user-verify-email', () => {
    it('answers 401 without a token and 400 for incomplete input', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      const body = { jwtToken: staff.tokens.accessToken, email: staff.user.email, code: '123456' };
      expect((await verify(undefined, body)).statusCode).toBe(401);
      expect((await verify(staff.tokens.idToken, { ...body, code: ' ' })).statusCode).toBe(400);
      expect((await verify(staff.tokens.idToken, { ...body, email: 'not-an-email' })).statusCode).toBe(400);
    });

    it('verifies the caller’s email with the code from the link, and records the address', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      await ctx.db.update(users).set({ email: 'outdated@stmarys.example' }).where(eq(users.id, staff.user.id));
      const code = await linkCode(staff.tokens.idToken, staff.user);
      const res = await verify(staff.tokens.idToken, { jwtToken: staff.tokens.accessToken, email: staff.user.email!.toUpperCase(), code });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: staff.user.email, verified: true });
      expect(await emailVerified(staff.user.userName)).toBe('true');
      const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, staff.user.id));
      expect(row?.email).toBe(staff.user.email);
    });

    it('answers 400 with the provider’s message for a wrong code, leaving the email unverified', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      const code = await linkCode(staff.tokens.idToken, staff.user);
      const wrong = code === '000000' ? '000001' : '000000';
      const res = await verify(staff.tokens.idToken, { jwtToken: staff.tokens.accessToken, email: staff.user.email, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid verification code provided, please try again.');
      expect(await emailVerified(staff.user.userName)).toBe('false');
    });

    it('answers 400 when the link was sent for another address', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      const code = await linkCode(staff.tokens.idToken, staff.user);
      const res = await verify(staff.tokens.idToken, { jwtToken: staff.tokens.accessToken, email: 'someone@else.example', code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link was sent for a different email address');
    });

    it('refuses someone else’s access token, and one that is not a token', async () => {
      const staff = await signedInStaff(ctx.db, stMarys());
      const body = { jwtToken: manager.accessToken, email: staff.user.email, code: '123456' };
      expect((await verify(staff.tokens.idToken, body)).statusCode).toBe(403);
      const res = await verify(staff.tokens.idToken, { ...body, jwtToken: 'not.a.token' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The access token is invalid or has expired');
    });
  });
});
