import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserBulkResult, UserImportRowInput } from '../../../../server/src/contracts/user-import';
import { emailSubscriptions, professions, users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { mailCount, nextMailTo, uniqueEmail } from '../../helpers/identity';
import { RIVERSIDE, ST_MARYS } from '../../helpers/staff';

let serial = 0;
/** A valid row of St. Mary's, with a user name no other test uses. */
function row(overrides: Partial<UserImportRowInput> = {}): UserImportRowInput {
  serial += 1;
  return {
    organizationId: ST_MARYS,
    userName: `import.${Date.now().toString(36)}.${serial}`,
    clientUserId: `E${serial}`,
    firstName: 'Ada',
    lastName: `Import ${serial}`,
    email: null,
    phone: '5551234567',
    permissionsTemplate: 'Individual User',
    grantAccess: false,
    profession: 'Nurse',
    complianceReport: null,
    ...overrides,
  };
}

describe('POST /api/users/bulk', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health')]);
  });
  afterAll(() => ctx.close());

  const post = (tokens: Tokens, data: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/bulk', headers: { authorization: tokens.idToken }, payload: { data } });
  const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]?.n;

  it('creates every row, the new professions once, the subscriptions, and invites those given access', async () => {
    const email = uniqueEmail('import-invite');
    const rows = [
      row({ profession: 'Respiratory Therapist', complianceReport: 'f/I' }),
      row({ profession: 'respiratory therapist', grantAccess: true, userName: email, email }),
      row(),
    ];
    const before = mailCount();
    const res = await post(manager, rows);
    expect(res.statusCode).toBe(200);
    const results = res.json<UserBulkResult[]>();
    expect(results.map((r) => [r.status, r.errors])).toEqual([
      ['created', []],
      ['created', []],
      ['created', []],
    ]);
    const ids = results.map((r) => r.newUser?.id as number);

    const created = await ctx.db.select().from(users).where(inArray(users.id, ids));
    expect(created.map((u) => u.userName).sort()).toEqual(rows.map((r) => r.userName).sort());
    expect(created.find((u) => u.id === ids[0])).toMatchObject({ professionCode: 'RESPIRATORY_THERAPIST', organizationId: ST_MARYS, roleId: 4 });
    const therapists = await ctx.db.select().from(professions).where(eq(professions.code, 'RESPIRATORY_THERAPIST'));
    expect(therapists).toHaveLength(1);

    const subscriptions = await ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, ids[0] as number));
    expect(subscriptions.map((s) => s.type).sort()).toEqual(['FACILITY_COMPLIANCE_REPORT', 'USER_COMPLIANCE_REPORT']);

    const mail = await nextMailTo(email, before);
    expect(mail.to).toBe(email);
    expect(created.find((u) => u.id === ids[1])?.cognitoId).toEqual(expect.any(String));
    expect(created.find((u) => u.id === ids[0])?.cognitoId).toBeNull();
  });

  it("refuses another hospital's organization and imports nothing", async () => {
    const before = await userCount();
    const res = await post(manager, [row(), row({ organizationId: RIVERSIDE }), row()]);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserBulkResult[]>()).toEqual([
      { status: 'skipped', errors: ['Not imported: another row has an error'], newUser: null },
      { status: 'failed', errors: ['Invalid organizationId'], newUser: null },
      { status: 'skipped', errors: ['Not imported: another row has an error'], newUser: null },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a user name already taken, or used twice in the file', async () => {
    const first = row();
    await post(manager, [first]);
    const twice = row();
    const before = await userCount();
    const res = await post(manager, [row({ userName: first.userName.toUpperCase() }), twice, { ...twice, lastName: 'Again' }]);
    const results = res.json<UserBulkResult[]>();
    expect(results.map((r) => r.errors)).toEqual([
      ['Username already exists. Select a new username'],
      ['Not imported: another row has an error'],
      ['Another row of the file has the same userName'],
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a template granting more than the caller holds', async () => {
    const res = await post(manager, [row({ permissionsTemplate: 'Administrator' }), row({ permissionsTemplate: '2' })]);
    expect(res.json<UserBulkResult[]>().map((r) => r.errors)).toEqual([['Unknown permissionsTemplate'], ['Not imported: another row has an error']]);
  });

  it('answers 400 to a row the shared checks refuse, creating nothing', async () => {
    const before = await userCount();
    const bad = row({ email: 'not-an-email' });
    const res = await post(manager, [row(), bad]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Invalid email address');
    const [missing] = await ctx.db.select({ n: count() }).from(users).where(and(eq(users.userName, bad.userName)));
    expect(missing?.n).toBe(0);
    expect(await userCount()).toBe(before);
  });

  it('is refused to a user without the Users page', async () => {
    const res = await post(nurse, [row()]);
    expect(res.statusCode).toBe(403);
  });
});
