import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';
import { call, ORG, subjectsNow } from './roles-client';

// A user's template is read on every request: an edit of the template, or giving the user
// another one, is in force from their next request, with no sign-in again and nothing cached.
describe('a template change on the affected users’ next request', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let user: Tokens;
  let userId: number;
  let templateId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    const account = await createScopedAccount(ctx.db, {
      organizationId: ORG.stMarys,
      subjects: ['USER_OVERVIEW'],
      groupIds: [],
      managedOrganizationIds: [ORG.stMarys],
      label: 'roles-next-request',
    });
    user = account.tokens;
    userId = account.user.id;
    templateId = account.user.roleId;
  });
  afterAll(() => ctx.close());

  const usersPage = () => call(ctx.app, user, 'GET', `/users?organizationIds=${ORG.stMarys}&take=5`);

  it('opens a route once its subject is added to the template, and closes it once removed', async () => {
    expect((await usersPage()).status).toBe(403);
    expect((await subjectsNow(ctx.app, user)).subjects).toEqual(['USER_OVERVIEW']);

    const added = await call(ctx.app, admin, 'PATCH', `/roles/${templateId}`, { permissions: ['USER_OVERVIEW', 'USERS_ACCOUNTS'] });
    expect(added.status).toBe(200);
    // Same tokens, next request.
    expect((await subjectsNow(ctx.app, user)).subjects).toEqual(['USERS_ACCOUNTS', 'USER_OVERVIEW']);
    expect((await usersPage()).status).toBe(200);

    expect((await call(ctx.app, admin, 'PATCH', `/roles/${templateId}`, { permissions: ['USER_OVERVIEW'] })).status).toBe(200);
    expect((await usersPage()).status).toBe(403);
  });

  it('gives the user another template’s permissions on their next request once it is assigned', async () => {
    const created = await call(ctx.app, admin, 'POST', '/roles', { name: 'Unit Manager', description: null, owner: ORG.stMarys, permissions: ['USER_OVERVIEW', 'USERS_ACCOUNTS'] });
    expect(created.status).toBe(201);
    const newId = created.body.id as number;

    const assigned = await call(ctx.app, admin, 'PATCH', `/users/${userId}`, { roleId: newId });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ id: userId, role: { id: newId, name: 'Unit Manager' } });
    expect(await subjectsNow(ctx.app, user)).toEqual({ roleId: newId, subjects: ['USERS_ACCOUNTS', 'USER_OVERVIEW'] });
    expect((await usersPage()).status).toBe(200);
  });
});
