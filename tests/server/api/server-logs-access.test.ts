import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_SUBJECTS } from '../../../server/src/contracts/permissions';
import { SERVER_CHANNEL } from '../../../server/src/contracts/realtime';
import { TEMPLATE_IDS } from '../../../server/src/db/permission-catalog';
import { permissions, permissionTemplatePermissions } from '../../../server/src/db/schema';
import { DEMO_ORG_IDS } from '../../../server/src/db/seed';
import { EMPLOYEES_ONLY_MESSAGE } from '../../../server/src/core/access';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { createScopedAccount } from '../helpers/scoped-account';

// Server Logs are the provider's (docs/PERMISSIONS.md 'Decisions'): every hospital's requests pass
// through them, so holding SERVER_LOGS in a LAVO account is not enough; the caller must be an
// employee of the provider (a user of organization 1).

describe('Server Logs are for the provider’s employees', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let networkAdmin: Tokens;
  let employee: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    // The Northwind network (organization 2) is a LAVO account; its administrator holds every subject, SERVER_LOGS among them.
    networkAdmin = (
      await createScopedAccount(ctx.db, {
        organizationId: DEMO_ORG_IDS.network,
        subjects: PERMISSION_SUBJECTS,
        groupIds: [],
        managedOrganizationIds: [DEMO_ORG_IDS.network],
        label: 'northwind-admin',
      })
    ).tokens;
    employee = (await createScopedAccount(ctx.db, { organizationId: DEMO_ORG_IDS.provider, subjects: ['SERVER_LOGS'], groupIds: [], label: 'provider-logs' })).tokens;
  });
  afterAll(() => ctx.close());

  const clientErrors = (tokens: Tokens) => ctx.app.inject({ method: 'GET', url: '/api/client-errors', headers: { authorization: tokens.idToken } });
  const joinServerChannel = (tokens: Tokens) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: { authorization: tokens.idToken },
      payload: { socket_id: '1234.5678', channel_name: SERVER_CHANNEL },
    });

  it('refuses a network administrator holding SERVER_LOGS the page’s route and its channel with 403', async () => {
    const route = await clientErrors(networkAdmin);
    expect(route.statusCode).toBe(403);
    expect(route.json().message).toBe(EMPLOYEES_ONLY_MESSAGE);
    const channel = await joinServerChannel(networkAdmin);
    expect(channel.statusCode).toBe(403);
    expect(channel.json().message).toBe(`You may not join ${SERVER_CHANNEL}`);
  });

  it('lets an employee holding SERVER_LOGS read the page’s route and join its channel', async () => {
    const route = await clientErrors(employee);
    expect(route.statusCode).toBe(200);
    expect(route.json()).toMatchObject({ data: expect.any(Array), hasMore: expect.any(Boolean) });
    const channel = await joinServerChannel(employee);
    expect(channel.statusCode).toBe(200);
    expect(channel.json().auth).toEqual(expect.any(String));
  });

  it('does not give Server Logs to the employee without SERVER_LOGS, nor to the demo’s hospital administrator', async () => {
    const tech = await signIn('tech@demo.health');
    expect((await clientErrors(tech)).statusCode).toBe(403);
    expect((await joinServerChannel(tech)).statusCode).toBe(403);
    const manager = await signIn('manager@demo.health');
    expect((await clientErrors(manager)).statusCode).toBe(403);
  });

  it('seeds the Hospital Administrator template without SERVER_LOGS, the Administrator with it', async () => {
    const holders = await ctx.db
      .select({ templateId: permissionTemplatePermissions.templateId })
      .from(permissionTemplatePermissions)
      .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
      .where(and(eq(permissions.subject, 'SERVER_LOGS'), sql`${permissionTemplatePermissions.templateId} <= 4`));
    expect(holders.map((h) => h.templateId)).toEqual([TEMPLATE_IDS.administrator]);
  });

  it('takes SERVER_LOGS from the customers’ default templates of an existing database (migration 0026), and from no other', async () => {
    const [logs] = await ctx.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.subject, 'SERVER_LOGS'));
    const custom = await createScopedAccount(ctx.db, { subjects: ['SERVER_LOGS'], groupIds: [], label: 'custom-logs' });
    // A database seeded before: the Hospital Administrator held SERVER_LOGS.
    await ctx.db.insert(permissionTemplatePermissions).values({ templateId: TEMPLATE_IDS.hospitalAdministrator, permissionId: logs!.id });
    const migration = readFileSync(new URL('../../../server/drizzle/0026_server_logs_for_employees.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));
    const holders = await ctx.db
      .select({ templateId: permissionTemplatePermissions.templateId })
      .from(permissionTemplatePermissions)
      .where(eq(permissionTemplatePermissions.permissionId, logs!.id));
    const held = holders.map((h) => h.templateId);
    expect(held).toContain(TEMPLATE_IDS.administrator);
    expect(held).toContain(custom.user.roleId);
    const customers: number[] = [TEMPLATE_IDS.hospitalAdministrator, TEMPLATE_IDS.deviceTechnician, TEMPLATE_IDS.individualUser];
    expect(held.filter((id) => customers.includes(id))).toEqual([]);
  });
});
