import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserImportRowInput } from '../../../../server/src/contracts/user-import';
import { users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { changedTables, tableChecksums } from '../../helpers/db-checksum';
import { localIdentity } from '../../helpers/identity';
import { ST_MARYS, staffOf } from '../../helpers/staff';

// A user name or a person's name that hides a character nobody sees (a byte-order mark pasted in
// from a file, a zero-width space, a right-to-left override that shows 'nimda' as 'admin') is
// refused by every route that writes one, with a 400 that names the field, and changes nothing.

const { clientId } = localIdentity();

/** The characters, each where it hides best. */
const HIDDEN = [
  { label: 'a leading byte-order mark', at: (text: string) => `\uFEFF${text}`, code: 'U+FEFF' },
  { label: 'a zero-width space', at: (text: string) => `${text.slice(0, 2)}\u200B${text.slice(2)}`, code: 'U+200B' },
  { label: 'a right-to-left override', at: (text: string) => `\u202E${text}`, code: 'U+202E' },
];
const refusal = (code: string, field: string) => `must not contain invisible or control characters (it has ${code}) (body/${field})`;
// The bookkeeping every request writes, refused or not.
const UNCOMPARED = ['idempotency_keys', 'audit_events', 'user_sign_ins'];

describe('user names and names with invisible characters', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let targetId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    manager = await signIn('manager@demo.health');
    targetId = (await staffOf(ctx.db, ST_MARYS))[0]!.id;
  });
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) => ctx.app.inject({ method, url, headers: { authorization: manager.idToken }, payload });

  /** Sends the request and holds that it was refused with `message`, the database as it was. */
  async function expectRefused(method: 'POST' | 'PUT', url: string, payload: object, message: string) {
    const before = await tableChecksums(ctx.db, UNCOMPARED);
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(changedTables(before, await tableChecksums(ctx.db, UNCOMPARED))).toEqual([]);
  }

  describe.each(HIDDEN)('with $label', ({ at, code }) => {
    it('POST /api/users refuses it in the user name, the first name and the email', async () => {
      const valid = { clientId, organizationId: ST_MARYS, firstName: 'Ada', lastName: 'Hidden', userName: 'ada.hidden' };
      await expectRefused('POST', '/api/users', { ...valid, userName: at('ada.hidden') }, refusal(code, 'userName'));
      await expectRefused('POST', '/api/users', { ...valid, firstName: at('Ada') }, refusal(code, 'firstName'));
      await expectRefused('POST', '/api/users', { ...valid, lastName: at('Hidden') }, refusal(code, 'lastName'));
      await expectRefused('POST', '/api/users', { ...valid, email: at('ada@example.org') }, refusal(code, 'email'));
      await expectRefused('POST', '/api/users', { ...valid, clientUserId: at('E-1') }, refusal(code, 'clientUserId'));
    });

    it('PUT /api/users/:id/set-details refuses it in the names', async () => {
      const [before] = await ctx.db.select().from(users).where(eq(users.id, targetId));
      await expectRefused('PUT', `/api/users/${targetId}/set-details`, { firstName: at('Renamed') }, refusal(code, 'firstName'));
      await expectRefused('PUT', `/api/users/${targetId}/set-details`, { lastName: at('Renamed') }, refusal(code, 'lastName'));
      const [after] = await ctx.db.select().from(users).where(eq(users.id, targetId));
      expect(after).toEqual(before);
    });

    it('POST /api/users/bulk refuses a row with it, naming the row and the column, and imports no row', async () => {
      const row = (n: number, overrides: Partial<UserImportRowInput> = {}): UserImportRowInput => ({
        organizationId: ST_MARYS,
        userName: `hidden.import.${n}`,
        clientUserId: null,
        firstName: 'Ada',
        lastName: `Import ${n}`,
        email: null,
        phone: null,
        permissionsTemplate: 'Individual User',
        grantAccess: false,
        profession: 'Nurse',
        complianceReport: null,
        ...overrides,
      });
      await expectRefused('POST', '/api/users/bulk', { data: [row(1), row(2, { userName: at('hidden.import.2') })] }, refusal(code, 'data/1/userName'));
      await expectRefused('POST', '/api/users/bulk', { data: [row(3, { firstName: at('Ada') }), row(4)] }, refusal(code, 'data/0/firstName'));
      const created = await ctx.db.select().from(users).where(eq(users.lastName, 'Import 1'));
      expect(created).toEqual([]);
    });
  });

  it('still takes names as people write them, and trims the spaces around them', async () => {
    const res = await send('POST', '/api/users', { clientId, organizationId: ST_MARYS, firstName: ' Zoë ', lastName: 'Núñez-O’Brien\t', userName: ' zoe.nunez ' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, res.json<{ id: number }>().id));
    expect(row).toMatchObject({ firstName: 'Zoë', lastName: 'Núñez-O’Brien', userName: 'zoe.nunez' });
  });
});
