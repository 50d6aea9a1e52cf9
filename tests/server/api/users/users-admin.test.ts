import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_SUBJECTS } from '../../../../server/src/contracts/permissions';
import { ACCOUNT_INACTIVE_MESSAGE } from '../../../../server/src/contracts/session';
import { userListSchema } from '../../../../server/src/contracts/user-list';
import { devices, userManagedOrganizations, users, wearableAssignments, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { localIdentity, mailCount, nextMailTo, passwordSignIn, uniqueEmail } from '../../helpers/identity';
import { createPeer } from '../../helpers/peers';
import { createScopedAccount } from '../../helpers/scoped-account';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';

const { client, clientId, userPoolId } = localIdentity();

describe('Users screen writes: POST /users, set-details, set-active', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let managerId: number;
  /** A LAVO administrator who manages Riverside only. */
  let riversideAdmin: Tokens;
  let stMarys: UserRow[];

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    const [me] = await ctx.db.select().from(users).where(eq(users.userName, 'manager@demo.health'));
    managerId = me!.id;
    riversideAdmin = (
      await createScopedAccount(ctx.db, { subjects: PERMISSION_SUBJECTS, groupIds: [], managedOrganizationIds: [RIVERSIDE], label: 'users-riverside' })
    ).tokens;
    stMarys = await staffOf(ctx.db, ST_MARYS);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = (token: string | undefined, body: Record<string, unknown>) =>
    call('POST', '/api/users', token, { clientId, organizationId: ST_MARYS, ...body });

  describe('GET /users', () => {
    it('gives each row the Users table columns and, with expand, the sign-in account and what the user manages', async () => {
      const res = await call('GET', `/api/users?organizationIds=${ST_MARYS}&take=100&expand=cognito,managedOrganizations,managedGroups,device`, manager.idToken);
      expect(res.statusCode).toBe(200);
      const list = userListSchema.parse(res.json());
      const me = list.data.find((u) => u.userName === 'manager@demo.health')!;
      expect(me.roleName).toBe('Hospital Administrator');
      expect(me.cognito).toEqual({ status: 'CONFIRMED', enabled: true });
      expect(me.managedOrganizations).toContainEqual({ organizationId: ST_MARYS, active: true });
      const staff = list.data.find((u) => u.id === stMarys[0]!.id)!;
      expect(staff.cognito).toBeNull();
      expect(staff.createdAt).toMatch(/^\d{4}-/);
      // Without expand the rows stay as the pickers know them.
      const plain = userListSchema.parse((await call('GET', `/api/users?organizationIds=${ST_MARYS}&take=5`, manager.idToken)).json());
      expect(plain.data[0]).not.toHaveProperty('cognito');
    });

    it('filters by profession and refuses an unknown expansion with 400', async () => {
      const profession = stMarys[0]!.professionCode!;
      const list = userListSchema.parse((await call('GET', `/api/users?organizationIds=${ST_MARYS}&take=500&professionId=${profession}`, manager.idToken)).json());
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.data.every((u) => u.professionId === profession)).toBe(true);
      const bad = await call('GET', '/api/users?expand=passwords', manager.idToken);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/expand/);
    });

    it('shows another hospital’s administrator none of St. Mary’s users', async () => {
      const list = userListSchema.parse((await call('GET', '/api/users?take=500', riversideAdmin.idToken)).json());
      expect(list.data.some((u) => stMarys.some((s) => s.id === u.id))).toBe(false);
    });
  });

  describe('POST /users', () => {
    it('adds a user whose creator is the caller, named by their email when no user name is given', async () => {
      const email = uniqueEmail('added');
      const res = await create(manager.idToken, { firstName: 'Ada', lastName: 'Added', email, clientUserId: 'E-77' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ userName: email, invited: false });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, res.json().id));
      expect(row).toMatchObject({ createdBy: managerId, organizationId: ST_MARYS, roleId: 4, professionCode: 'OTHER', clientUserId: 'E-77', active: true, cognitoId: null });
    });

    it('with site access creates the sign-in account, links it and mails the invitation', async () => {
      const email = uniqueEmail('invited');
      const before = mailCount();
      const res = await create(manager.idToken, { firstName: 'Ivy', lastName: 'Invited', email, accessState: true });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ userName: email, invited: true });
      const mail = await nextMailTo(email, before, 'CustomMessage_AdminCreateUser');
      expect((await passwordSignIn(email, mail.code!)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      const account = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
      const [row] = await ctx.db.select().from(users).where(eq(users.id, res.json().id));
      expect(row!.cognitoId).toBe(account.UserAttributes?.find((a) => a.Name === 'sub')?.Value);
    });

    it('applies the form’s rules with 400 and stores nothing', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ firstName: '', lastName: 'X' }, /First name is required/],
        [{ firstName: 'A', lastName: 'B', userName: 'ab c' }, /Must be at least 4 characters, no spaces/],
        [{ firstName: 'A', lastName: 'B', userName: 'abc' }, /Must be at least 4 characters, no spaces/],
        [{ firstName: 'A', lastName: 'B', email: 'not-an-email' }, /Invalid email address/],
        [{ firstName: 'A', lastName: 'B', accessState: true }, /Granting site access requires an email/],
        [{ firstName: 'A', lastName: 'B', accessState: true, email: 'a.b@example.org', userName: 'other.name' }, /With site access the username is the email address/],
        [{ firstName: 'A\u0000', lastName: 'B' }, /control characters/],
        [{ firstName: 'A', lastName: 'B', organizationId: 2 ** 31 }, /ids are at most/],
        [{ firstName: 'A', lastName: 'B', professionId: 'NOT_A_PROFESSION' }, /Unknown profession/],
      ];
      const countUsers = async () => (await ctx.db.select({ id: users.id }).from(users)).length;
      const before = await countUsers();
      for (const [body, message] of cases) {
        const res = await create(manager.idToken, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      expect(await countUsers()).toBe(before);
    });

    it('answers the create-user errors the dialog words for people', async () => {
      const taken = await create(manager.idToken, { firstName: 'A', lastName: 'B', userName: stMarys[0]!.userName });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('User account already exists');
      const email = await create(manager.idToken, { firstName: 'A', lastName: 'B', userName: 'fresh.name', email: stMarys[0]!.email });
      expect(email.statusCode).toBe(409);
      expect(email.json().message).toBe('An account with the email already exists.');
    });

    it('keeps a caller inside their scope and their own permissions', async () => {
      // Another hospital: as if it did not exist.
      const outside = await create(manager.idToken, { firstName: 'A', lastName: 'B', organizationId: RIVERSIDE });
      expect(outside.statusCode).toBe(404);
      expect((await create(riversideAdmin.idToken, { firstName: 'A', lastName: 'B' })).statusCode).toBe(404);
      const manages = await create(manager.idToken, { firstName: 'A', lastName: 'B', managedOrganizationIds: [RIVERSIDE], role: 'ADMIN' });
      expect(manages.statusCode).toBe(404);
      // The manager holds no device permission: the technician's template is beyond them.
      const escalation = await create(manager.idToken, { firstName: 'A', lastName: 'B', roleId: 3 });
      expect(escalation.statusCode).toBe(403);
      expect(escalation.json().message).toBe('You cannot give a permissions template with permissions you do not hold');
      expect((await create(nurse.idToken, { firstName: 'A', lastName: 'B' })).statusCode).toBe(403);
      expect((await create(undefined, { firstName: 'A', lastName: 'B' })).statusCode).toBe(401);
    });

    it('records the organizations an administrator manages', async () => {
      const res = await create(admin.idToken, { firstName: 'Mo', lastName: 'Manager', role: 'ADMIN', roleId: 2, managedOrganizationIds: [ST_MARYS] });
      expect(res.statusCode).toBe(201);
      const managed = await ctx.db.select().from(userManagedOrganizations).where(eq(userManagedOrganizations.userId, res.json().id));
      expect(managed.map((m) => m.organizationId)).toEqual([ST_MARYS]);
    });
  });

  describe('PUT /users/:id/set-details', () => {
    it('changes the given fields of a user in scope and leaves the others', async () => {
      const target = stMarys[1]!;
      const res = await call('PUT', `/api/users/${target.id}/set-details`, manager.idToken, { firstName: 'Renamed', phone: '5551234567' });
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(row).toMatchObject({ firstName: 'Renamed', lastName: target.lastName, phone: '5551234567', email: target.email });
    });

    it('refuses formatting in the phone, an empty name and unknown fields with 400', async () => {
      const target = stMarys[1]!;
      for (const body of [{ phone: '(555) 123 -4567' }, { firstName: '' }, { userName: 'changed' }]) {
        expect((await call('PUT', `/api/users/${target.id}/set-details`, manager.idToken, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('answers 404 for a user of another hospital and 403 to a user editing someone else', async () => {
      expect((await call('PUT', `/api/users/${stMarys[1]!.id}/set-details`, riversideAdmin.idToken, { firstName: 'X' })).statusCode).toBe(404);
      expect((await call('PUT', `/api/users/${stMarys[1]!.id}/set-details`, nurse.idToken, { firstName: 'X' })).statusCode).toBe(403);
    });

    it('lets anyone change their own name and phone (My Account)', async () => {
      const [me] = await ctx.db.select().from(users).where(eq(users.userName, 'nurse@demo.health'));
      const res = await call('PUT', `/api/users/${me!.id}/set-details`, nurse.idToken, { lastName: 'Nightingale', phone: '5550001111' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lastName: 'Nightingale', phone: '5550001111', emailPendingVerification: null });
    });

    it('sends a changed email of a user who signs in to be verified instead of storing it', async () => {
      const peer = await createPeer(ctx.db, { label: 'verify-change-old', reach: 'hospital' });
      const email = uniqueEmail('verify-change');
      const before = mailCount();
      const res = await call('PUT', `/api/users/${peer.id}/set-details`, manager.idToken, { email });
      expect(res.statusCode).toBe(200);
      expect(res.json().emailPendingVerification).toBe(email);
      // The local provider mails the link to the account's sign-in address.
      const mail = await nextMailTo(peer.email!, before, 'CustomMessage_UpdateUserAttribute');
      expect(mail.link).toMatch(/verification_code=/);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, peer.id));
      expect(row).toMatchObject({ email: peer.email, pendingEmail: email });
    });
  });

  describe('PUT /users/:id/set-active', () => {
    it('deactivates a user, giving back their wearable, and the user is refused on their next request and signs in again once activated', async () => {
      const email = uniqueEmail('deactivated');
      const created = await create(manager.idToken, { firstName: 'Dee', lastName: 'Active', email, accessState: true });
      const id = created.json().id as number;
      expect((await call('PUT', '/api/users/set-password', manager.idToken, { username: email, password: 'Fresh!Pass123' })).statusCode).toBe(200);
      const tokens = await signIn(email, 'Fresh!Pass123');
      const bootstrap = () => call('GET', `/api/bootstrap?username=${encodeURIComponent(email)}&loginType=WEB_APP`, tokens.idToken);
      expect((await bootstrap()).statusCode).toBe(200);

      const [badge] = await ctx.db.select().from(devices).where(eq(devices.type, 'BADGE')).limit(1);
      await ctx.db.update(wearableAssignments).set({ unassignedAt: new Date() }).where(eq(wearableAssignments.deviceId, badge!.id));
      await ctx.db.insert(wearableAssignments).values({ deviceId: badge!.id, userId: id, assignedAt: new Date(), assignorId: managerId });

      const res = await call('PUT', `/api/users/${id}/set-active`, manager.idToken, { active: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, active: false, unassignedDeviceId: badge!.id });
      const open = await ctx.db.select().from(wearableAssignments).where(eq(wearableAssignments.userId, id));
      expect(open.every((a) => a.unassignedAt !== null)).toBe(true);
      const refused = await bootstrap();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(ACCOUNT_INACTIVE_MESSAGE);

      const back = await call('PUT', `/api/users/${id}/set-active`, manager.idToken, { active: true });
      expect(back.json()).toEqual({ id, active: true, unassignedDeviceId: null });
      // Activated again, the user signs in again: the session they had stays ended.
      const stale = await bootstrap();
      expect(stale.statusCode).toBe(401);
      expect(stale.json().message).toBe('This session was signed out. Please sign in again.');
      // (Tokens are dated to the second: one issued in the second of the deactivation counts as before it.)
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
      const again = await signIn(email, 'Fresh!Pass123');
      expect((await call('GET', `/api/bootstrap?username=${encodeURIComponent(email)}&loginType=WEB_APP`, again.idToken)).statusCode).toBe(200);
    });

    it('refuses self-deactivation', async () => {
      const res = await call('PUT', `/api/users/${managerId}/set-active`, manager.idToken, { active: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Cannot deactivate your own account!');
    });

    it('answers 404 for another hospital’s user and 400 for a malformed body, changing nothing', async () => {
      const target = stMarys[2]!;
      expect((await call('PUT', `/api/users/${target.id}/set-active`, riversideAdmin.idToken, { active: false })).statusCode).toBe(404);
      expect((await call('PUT', `/api/users/${target.id}/set-active`, manager.idToken, { active: 'no' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/users/99999999/set-active`, manager.idToken, { active: false })).statusCode).toBe(404);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(row!.active).toBe(true);
    });
  });
});
