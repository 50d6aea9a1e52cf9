import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { claimsOf, localIdentity, mailCount, nextMailTo, tokensOf, uniqueEmail } from '../helpers/identity';
import { RIVERSIDE, staffOf } from '../helpers/staff';

const PASSWORD = 'Intruder!2345';

/** Signs up at the identity provider as anyone may where the pool allows it, and confirms with the mailed code. */
async function selfSignUp(username: string, email = username): Promise<Tokens & { sub: string }> {
  const { client, clientId } = localIdentity();
  const before = mailCount();
  await client.send(
    new SignUpCommand({ ClientId: clientId, Username: username, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const mail = await nextMailTo(email, before, 'CustomMessage_SignUp');
  await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: username, ConfirmationCode: mail.code! }));
  const tokens = tokensOf(
    await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD } })),
  );
  return { idToken: tokens.IdToken, accessToken: tokens.AccessToken, sub: String(claimsOf(tokens.IdToken).sub) };
}

describe('linking sign-ins to users', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
  });
  afterAll(() => ctx.close());

  const everyEntry = (tokens: Tokens, username: string) => [
    ctx.app.inject({ method: 'GET', url: '/api/bootstrap', query: { username, loginType: 'WEB_APP' }, headers: { authorization: tokens.idToken } }),
    ctx.app.inject({ method: 'GET', url: '/api/users/username', query: { username }, headers: { authorization: tokens.idToken } }),
    ctx.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: { version: '2', authorization: `Bearer ${tokens.accessToken}` } }),
    ctx.app.inject({ method: 'GET', url: '/api/compliance/overview-stats', query: { startDate: '2025-01-01', endDate: '2025-01-07' }, headers: { authorization: tokens.idToken } }),
  ];
  const linkedTo = async (sub: string) => ctx.db.select({ id: users.id }).from(users).where(eq(users.cognitoId, sub));
  const subjectOf = async (userName: string) =>
    (await ctx.db.select({ cognitoId: users.cognitoId }).from(users).where(eq(users.userName, userName)))[0]?.cognitoId;

  it('refuses a self-signed-up identity whose email was changed to an existing user’s sign-in name, and links nobody', async () => {
    const nurseSubject = await subjectOf('nurse@demo.health');
    const intruder = await selfSignUp(uniqueEmail('intruder'));
    const { client } = localIdentity();
    await client.send(new UpdateUserAttributesCommand({ AccessToken: intruder.accessToken, UserAttributes: [{ Name: 'email', Value: 'nurse@demo.health' }] }));
    // The provider now vouches for the claim: a new sign-in's id token says email nurse@demo.health.
    const claimed = tokensOf(
      await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: localIdentity().clientId,
          AuthParameters: { USERNAME: intruder.sub, PASSWORD },
        }),
      ),
    );
    expect(claimsOf(claimed.IdToken).email).toBe('nurse@demo.health');

    for (const res of await Promise.all(everyEntry({ idToken: claimed.IdToken, accessToken: claimed.AccessToken }, 'nurse@demo.health'))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This sign-in has no account here. Ask your administrator for an invitation.');
    }
    expect(await linkedTo(intruder.sub)).toEqual([]);
    expect(await subjectOf('nurse@demo.health')).toBe(nurseSubject);
  });

  it('refuses an identity that took the sign-in name of a user who was never invited, and the console will not adopt it', async () => {
    const target = (await staffOf(ctx.db, RIVERSIDE))[3]!;
    expect(target.cognitoId).toBeNull();
    const intruder = await selfSignUp(target.userName, target.email ?? target.userName);
    for (const res of await Promise.all(everyEntry(intruder, target.userName))) expect(res.statusCode).toBe(403);

    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/resend-invite',
      headers: { authorization: admin.idToken },
      payload: { Username: target.userName, clientId: localIdentity().clientId },
    });
    expect(invite.statusCode).toBe(409);
    expect(invite.json().message).toMatch(/not created for this user/);
    expect(await subjectOf(target.userName)).toBeNull();
    for (const res of await Promise.all(everyEntry(intruder, target.userName))) expect(res.statusCode).toBe(403);
  });

  it('does not relink a user to a new account under their name: only the account the console created signs in as them', async () => {
    const techSubject = await subjectOf('tech@demo.health');
    await ctx.db.update(users).set({ cognitoId: 'subject-of-a-deleted-account' }).where(eq(users.userName, 'tech@demo.health'));
    const tech = await signIn('tech@demo.health');
    for (const res of await Promise.all(everyEntry(tech, 'tech@demo.health'))) expect(res.statusCode).toBe(403);
    expect(await subjectOf('tech@demo.health')).toBe('subject-of-a-deleted-account');
    await ctx.db.update(users).set({ cognitoId: techSubject ?? null }).where(eq(users.userName, 'tech@demo.health'));
    for (const res of await Promise.all(everyEntry(tech, 'tech@demo.health').slice(0, 3))) expect(res.statusCode).toBe(200);
  });

  it('links an invited user to the account the invitation created, and only that one', async () => {
    const target = (await staffOf(ctx.db, RIVERSIDE))[5]!;
    const before = mailCount();
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/resend-invite',
      headers: { authorization: admin.idToken },
      payload: { Username: target.userName, clientId: localIdentity().clientId },
    });
    expect(invite.statusCode).toBe(200);
    await nextMailTo(target.email!, before, 'CustomMessage_AdminCreateUser');
    const sub = await subjectOf(target.userName);
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await ctx.db.select({ userName: users.userName }).from(users).where(inArray(users.cognitoId, [sub!]));
    expect(rows).toEqual([{ userName: target.userName }]);
  });
});

describe('the subject an account signs in as', () => {
  it('is the provider’s to assign: signing up with someone else’s subject is refused', async () => {
    const { client, clientId } = localIdentity();
    const victim = claimsOf((await signIn('manager@demo.health')).idToken).sub as string;
    const email = uniqueEmail('chosen-sub');
    await expect(
      client.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          Password: PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'sub', Value: victim },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
