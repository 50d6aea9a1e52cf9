import { AdminGetUserCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOVE_CALLER_MESSAGE } from '../../../../server/src/contracts/users-admin';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { userManagedOrganizations, users, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, requestBootstrap, signIn, type Tokens } from '../../helpers/app';
import { localIdentity, mailCount, nextMailTo, passwordSignIn, tokensOf, uniqueEmail } from '../../helpers/identity';
import { createPeer, PEER_PASSWORD } from '../../helpers/peers';

// Acting on another user (docs/PERMISSIONS.md): the takeovers and lock-outs a hospital
// administrator (manager@, St. Mary's) tried on a colleague homed in St. Mary's who manages the
// whole network, each refused; what an employee and the manager's own level still may do; and an
// email address that waits for its owner before it becomes theirs.

const { client, clientId, userPoolId } = localIdentity();
const NEW_PASSWORD = 'Chosen!Pass123';

async function accountOf(username: string) {
  try {
    return await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** Accepts the invitation mailed to `to` after `before` mails: signs in with its temporary password and chooses one. */
async function acceptInvitation(userName: string, to: string, before: number): Promise<Tokens> {
  const mail = await nextMailTo(to, before, 'CustomMessage_AdminCreateUser');
  const challenge = await passwordSignIn(userName, mail.code!);
  expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const done = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: userName, NEW_PASSWORD: NEW_PASSWORD },
    }),
  );
  const tokens = tokensOf(done);
  return { idToken: tokens.IdToken, accessToken: tokens.AccessToken };
}

describe('acting on another user', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health')]);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const setPassword = (token: string, username: string, password: string) => call('PUT', '/api/users/set-password', token, { username, password });
  const setDetails = (token: string, id: number, body: object) => call('PUT', `/api/users/${id}/set-details`, token, body);
  const invite = (token: string, username: string) => call('POST', '/api/users/resend-invite', token, { Username: username, clientId });
  const rowOf = async (id: number): Promise<UserRow> => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const expectAbove = (res: { statusCode: number; json: () => { message?: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ABOVE_CALLER_MESSAGE);
  };

  describe('a colleague who manages the whole network', () => {
    it('keeps their password: the manager is refused, an employee is not', async () => {
      const peer = await createPeer(ctx.db, { label: 'above-password', reach: 'network' });
      expectAbove(await setPassword(manager.idToken, peer.userName, 'Taken!Over123'));
      await expect(signIn(peer.userName, 'Taken!Over123')).rejects.toThrow();
      await expect(signIn(peer.userName, PEER_PASSWORD)).resolves.toBeTruthy();

      expect((await setPassword(admin.idToken, peer.userName, 'Reset!ByProvider1')).statusCode).toBe(200);
      await expect(signIn(peer.userName, 'Reset!ByProvider1')).resolves.toBeTruthy();
    });

    it('keeps their email and their invitation: the manager can neither redirect nor send it', async () => {
      const peer = await createPeer(ctx.db, { label: 'above-email', reach: 'network', account: false });
      expectAbove(await setDetails(manager.idToken, peer.id, { email: uniqueEmail('attacker') }));
      expectAbove(await setDetails(manager.idToken, peer.id, { firstName: 'Mallory' }));
      expect(await rowOf(peer.id)).toMatchObject({ email: peer.email, firstName: peer.firstName, pendingEmail: null });
      expectAbove(await invite(manager.idToken, peer.userName));
      expect(await accountOf(peer.userName)).toBeNull();

      // The provider invites them, at the address on record.
      const before = mailCount();
      expect((await invite(admin.idToken, peer.userName)).statusCode).toBe(200);
      await nextMailTo(peer.email!, before, 'CustomMessage_AdminCreateUser');
    });

    it('cannot be locked out by the manager: deactivating and revoking are refused, and they still sign in', async () => {
      const peer = await createPeer(ctx.db, { label: 'above-lockout', reach: 'network' });
      expectAbove(await call('PUT', `/api/users/${peer.id}/set-active`, manager.idToken, { active: false }));
      expectAbove(await call('PUT', `/api/users/${peer.id}/site-access`, manager.idToken, { granted: false }));
      expect((await rowOf(peer.id)).active).toBe(true);
      expect((await accountOf(peer.userName))?.Enabled).toBe(true);
      const tokens = await signIn(peer.userName, PEER_PASSWORD);
      expect((await requestBootstrap(ctx.app, tokens.idToken, peer.userName)).statusCode).toBe(200);

      // An employee may revoke them.
      const revoked = await call('PUT', `/api/users/${peer.id}/site-access`, admin.idToken, { granted: false });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((await rowOf(peer.id)).active).toBe(false);
    });
  });

  it('refuses the manager a colleague whose template grants what the manager lacks', async () => {
    const peer = await createPeer(ctx.db, { label: 'above-template', reach: 'hospital', template: 'administrator' });
    expectAbove(await setPassword(manager.idToken, peer.userName, 'Taken!Over123'));
    expectAbove(await call('PUT', `/api/users/${peer.id}/set-active`, manager.idToken, { active: false }));
    expect((await rowOf(peer.id)).active).toBe(true);
  });

  it('marks in the users list whom the caller may change', async () => {
    const [above, level] = [
      await createPeer(ctx.db, { label: 'list-above', reach: 'network', account: false }),
      await createPeer(ctx.db, { label: 'list-level', reach: 'hospital', account: false }),
    ];
    const changeable = async (token: string, peer: UserRow) => {
      const res = await call('GET', `/api/users?organizationIds=${DEMO_ORG_IDS.stMarys}&search=${encodeURIComponent(peer.userName)}&take=5`, token);
      return res.json().data.find((row: { id: number }) => row.id === peer.id)?.changeable;
    };
    expect(await changeable(manager.idToken, above)).toBe(false);
    expect(await changeable(manager.idToken, level)).toBe(true);
    expect(await changeable(admin.idToken, above)).toBe(true);
  });

  describe('a colleague at the manager’s own level', () => {
    it('may have their password set and be deactivated by the manager', async () => {
      const peer = await createPeer(ctx.db, { label: 'level-password', reach: 'hospital' });
      expect((await setPassword(manager.idToken, peer.userName, 'Set!ByManager12')).statusCode).toBe(200);
      await expect(signIn(peer.userName, 'Set!ByManager12')).resolves.toBeTruthy();
      expect((await call('PUT', `/api/users/${peer.id}/set-active`, manager.idToken, { active: false })).statusCode).toBe(200);
    });

    it('gets a new email only once they accept the invitation sent to it', async () => {
      const peer = await createPeer(ctx.db, { label: 'level-pending', reach: 'hospital', account: false });
      const next = uniqueEmail('level-pending-new');
      const res = await setDetails(manager.idToken, peer.id, { email: next });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: peer.email, emailPendingVerification: next });
      expect(await rowOf(peer.id)).toMatchObject({ email: peer.email, pendingEmail: next });
      const listed = await call('GET', `/api/users?organizationIds=${DEMO_ORG_IDS.stMarys}&search=${encodeURIComponent(peer.userName)}&take=5`, manager.idToken);
      expect(listed.json().data).toContainEqual(expect.objectContaining({ id: peer.id, email: peer.email, pendingEmail: next }));

      const before = mailCount();
      const invited = await invite(manager.idToken, peer.userName);
      expect(invited.statusCode, invited.body).toBe(200);
      // The pool signs in by email: the invitation's address is the sign-in name it gives.
      expect(invited.json()).toMatchObject({ username: next, created: true });
      const tokens = await acceptInvitation(next, next, before);
      // The address on record stays until their first session.
      expect(await rowOf(peer.id)).toMatchObject({ userName: next, email: peer.email, pendingEmail: next });
      expect((await requestBootstrap(ctx.app, tokens.idToken, next)).statusCode).toBe(200);
      expect(await rowOf(peer.id)).toMatchObject({ userName: next, email: next, pendingEmail: null, pendingEmailBy: null });
    });

    it('is invited at the address on record when whoever gave the pending one is below them by then', async () => {
      const peer = await createPeer(ctx.db, { label: 'level-outgrown', reach: 'hospital', account: false });
      const next = uniqueEmail('level-outgrown-new');
      expect((await setDetails(manager.idToken, peer.id, { email: next })).statusCode).toBe(200);
      // The peer is given the whole network since: the manager is below them now.
      await ctx.db.insert(userManagedOrganizations).values({ userId: peer.id, organizationId: DEMO_ORG_IDS.network });
      const before = mailCount();
      const invited = await invite(admin.idToken, peer.userName);
      expect(invited.statusCode, invited.body).toBe(200);
      await acceptInvitation(peer.userName, peer.email!, before);
      expect((await accountOf(peer.userName))?.UserAttributes).toContainEqual({ Name: 'email', Value: peer.email });
    });

    it('keeps an invitation not yet accepted at the address on record until a new one is sent to the new address', async () => {
      const peer = await createPeer(ctx.db, { label: 'level-invited', reach: 'hospital', account: false });
      let before = mailCount();
      expect((await invite(manager.idToken, peer.userName)).statusCode).toBe(200);
      const first = await nextMailTo(peer.email!, before, 'CustomMessage_AdminCreateUser');

      const next = uniqueEmail('level-invited-new');
      const res = await setDetails(manager.idToken, peer.id, { email: next });
      expect(res.json()).toMatchObject({ email: peer.email, emailPendingVerification: next });
      expect((await accountOf(peer.userName))?.UserAttributes).toContainEqual({ Name: 'email', Value: peer.email });

      before = mailCount();
      const again = await invite(manager.idToken, peer.userName);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ username: next, created: false });
      const tokens = await acceptInvitation(next, next, before);
      // The first invitation, at the old address, no longer signs anyone in.
      await expect(passwordSignIn(peer.userName, first.code!)).rejects.toThrow();
      await expect(passwordSignIn(next, first.code!)).rejects.toThrow();
      expect((await requestBootstrap(ctx.app, tokens.idToken, next)).statusCode).toBe(200);
      expect(await rowOf(peer.id)).toMatchObject({ userName: next, email: next, pendingEmail: null });
    });
  });

  it('gives the address an employee sets at once', async () => {
    const peer = await createPeer(ctx.db, { label: 'employee-email', reach: 'network', account: false });
    const next = uniqueEmail('employee-email-new');
    const res = await setDetails(admin.idToken, peer.id, { email: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: next, emailPendingVerification: null });
    expect(await rowOf(peer.id)).toMatchObject({ email: next, pendingEmail: null });
  });
});
