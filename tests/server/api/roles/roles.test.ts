import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOVE_CALLER_MESSAGE } from '../../../../server/src/contracts/users-admin';
import { roleListSchema, permissionCatalogSchema } from '../../../../server/src/contracts/roles';
import { permissionTemplates, users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';
import { call, CHARGE_NURSE, ORG } from './roles-client';

// Permission templates (docs/SCREENS.md 'Permission templates'; docs/PERMISSIONS.md).
describe('permission templates', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  /** A St. Mary's administrator who holds the Administrator template but is no provider employee. */
  let hospitalAdmin: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health')]);
    const account = await createScopedAccount(ctx.db, { organizationId: ORG.stMarys, subjects: [], groupIds: [], managedOrganizationIds: [ORG.stMarys], label: 'roles-hospital-admin' });
    await ctx.db.update(users).set({ roleId: 1 }).where(eq(users.id, account.user.id));
    // Its own template would be one more of St. Mary's.
    await ctx.db.delete(permissionTemplates).where(eq(permissionTemplates.id, account.user.roleId));
    hospitalAdmin = account.tokens;
  });
  afterAll(() => ctx.close());

  /** Northwind Health Network's own template. */
  const INFECTION_PREVENTION = 6;
  const idsOf = (body: unknown) => roleListSchema.parse(body).data.map((r) => r.id);

  it('lists the defaults with the organization’s own templates, or its nearest ancestor’s when it has none', async () => {
    const stMarys = await call(ctx.app, admin, 'GET', `/roles?orgId=${ORG.stMarys}`);
    expect(stMarys.status).toBe(200);
    expect(idsOf(stMarys.body)).toEqual([1, 2, 3, 4, CHARGE_NURSE]);
    // St. Mary's ICU has none of its own: St. Mary's are offered.
    expect(idsOf((await call(ctx.app, manager, 'GET', `/roles?orgId=${ORG.stMarysIcu}`)).body)).toEqual([1, 2, 3, 4, CHARGE_NURSE]);
    // Riverside has none: the network's (Infection Prevention) are offered.
    expect(idsOf((await call(ctx.app, admin, 'GET', `/roles?orgId=${ORG.riverside}`)).body)).toEqual([1, 2, 3, 4, INFECTION_PREVENTION]);
  });

  it('answers 404 for an organization or a template outside the scope', async () => {
    expect((await call(ctx.app, manager, 'GET', `/roles?orgId=${ORG.riverside}`)).status).toBe(404);
    const riverside = await call(ctx.app, admin, 'POST', '/roles', { name: 'Riverside Lead', owner: ORG.riverside, permissions: ['USER_OVERVIEW'] });
    expect(riverside.status).toBe(201);
    expect((await call(ctx.app, manager, 'GET', `/roles/${riverside.body.id}`)).status).toBe(404);
    expect((await call(ctx.app, hospitalAdmin, 'PATCH', `/roles/${riverside.body.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await call(ctx.app, hospitalAdmin, 'POST', '/roles', { name: 'Elsewhere', owner: ORG.riverside, permissions: [] })).status).toBe(404);
    expect((await call(ctx.app, admin, 'GET', `/roles/${riverside.body.id}`)).body).toMatchObject({ name: 'Riverside Lead', organizationId: ORG.riverside });
  });

  it('keeps the menu for holders of ROLE with the Administrator template', async () => {
    expect((await call(ctx.app, manager, 'GET', '/users/permissions')).status).toBe(403);
    expect((await call(ctx.app, manager, 'POST', '/roles', { name: 'Mine', owner: ORG.stMarys, permissions: [] })).status).toBe(403);
    const catalog = await call(ctx.app, admin, 'GET', '/users/permissions');
    expect(catalog.status).toBe(200);
    const groups = new Map(permissionCatalogSchema.parse(catalog.body).data.map((p) => [p.subject, p.group]));
    expect(groups.get('COMPLIANCE')).toBe('Reports');
    expect(groups.get('GATEWAYS')).toBe('Devices');
    expect(groups.get('ROLE')).toBe('Features');
  });

  it('locks the Administrator template and leaves the defaults to provider employees', async () => {
    const locked = await call(ctx.app, admin, 'PATCH', '/roles/1', { name: 'Renamed' });
    expect(locked).toMatchObject({ status: 403, body: { message: 'The Administrator template is locked' } });
    const notEmployee = await call(ctx.app, hospitalAdmin, 'PATCH', '/roles/4', { description: 'Changed by a hospital' });
    expect(notEmployee).toMatchObject({ status: 403, body: { message: 'Only provider employees may edit the default templates' } });
    const edited = await call(ctx.app, admin, 'PATCH', '/roles/4', { description: 'Staff member: own overview.' });
    expect(edited).toMatchObject({ status: 200, body: { id: 4, name: 'Individual User', description: 'Staff member: own overview.' } });
    // The hospital's own template is theirs to edit.
    const own = await call(ctx.app, hospitalAdmin, 'PATCH', `/roles/${CHARGE_NURSE}`, { name: 'Shift Lead' });
    expect(own).toMatchObject({ status: 200, body: { name: 'Shift Lead', organizationId: ORG.stMarys } });
  });

  it('never lets a caller give a user more than they hold, nor change a user who holds more', async () => {
    const staff = await ctx.db.select({ id: users.id }).from(users).where(eq(users.organizationId, ORG.stMarysIcu)).limit(3);
    const [a, b] = staff.filter((s) => s.id);
    if (!a || !b) throw new Error('no St. Mary’s ICU staff');
    // The manager (Hospital Administrator) holds no device subject: not the Device Technician template, nor the Administrator's.
    const raise = await call(ctx.app, manager, 'PATCH', `/users/${a.id}`, { roleId: 3 });
    expect(raise.status).toBe(403);
    expect(raise.body.message).toMatch(/^You cannot grant permissions you do not hold: /);
    expect((await call(ctx.app, manager, 'PATCH', `/users/${a.id}`, { roleId: 1 })).status).toBe(403);
    // Within their own: allowed.
    expect((await call(ctx.app, manager, 'PATCH', `/users/${a.id}`, { roleId: 2 })).status).toBe(200);
    expect((await call(ctx.app, manager, 'PATCH', `/users/${a.id}`, { roleId: 4 })).status).toBe(200);
    // A user the admin made a technician is above the manager.
    expect((await call(ctx.app, admin, 'PATCH', `/users/${b.id}`, { roleId: 3 })).status).toBe(200);
    const above = await call(ctx.app, manager, 'PATCH', `/users/${b.id}`, { roleId: 4 });
    expect(above).toMatchObject({ status: 403, body: { message: ABOVE_CALLER_MESSAGE } });
    const [row] = await ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, b.id));
    expect(row?.roleId).toBe(3);
  });

  it('refuses a user outside the scope, and a template their organization is not offered', async () => {
    const { user: rider } = await createScopedAccount(ctx.db, { organizationId: ORG.riverside, subjects: ['USER_OVERVIEW'], groupIds: [], label: 'roles-riverside' });
    expect((await call(ctx.app, manager, 'PATCH', `/users/${rider.id}`, { roleId: 4 })).status).toBe(404);
    // St. Mary's own template is not offered to Riverside's users.
    const wrongOrg = await call(ctx.app, admin, 'PATCH', `/users/${rider.id}`, { roleId: CHARGE_NURSE });
    expect(wrongOrg).toMatchObject({ status: 409, body: { message: "This template is not available to the user's organization" } });
    expect((await call(ctx.app, admin, 'PATCH', `/users/${rider.id}`, { roleId: 2_147_000_000 })).status).toBe(404);
  });

  it('refuses permissions it does not know and names without text, changing nothing', async () => {
    const unknown = await call(ctx.app, admin, 'POST', '/roles', { name: 'Bad', owner: ORG.stMarys, permissions: ['EVERYTHING'] });
    expect(unknown.status).toBe(400);
    const empty = await call(ctx.app, admin, 'PATCH', `/roles/${CHARGE_NURSE}`, { name: '   ' });
    expect(empty.status).toBe(400);
    const list = idsOf((await call(ctx.app, admin, 'GET', `/roles?orgId=${ORG.stMarys}`)).body);
    expect(list.filter((id) => id > CHARGE_NURSE)).toEqual([]);
  });
});
