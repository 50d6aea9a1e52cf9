import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_SCOPE_MESSAGE, setScopeResponseSchema } from '../../../../server/src/contracts/users-admin';
import { loadScope } from '../../../../server/src/core/scope';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import type { UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, userIdOf, type Tokens } from '../../helpers/app';
import { ST_MARYS, staffOf } from '../../helpers/staff';

// PUT /users/:id/set-scope (docs/PERMISSIONS.md 'Scope'): a hospital administrator gives a user of
// their hospital the organizations and locations they may see, within their own scope, never their
// own; what the user may see then follows at once.

const ICU_DEPARTMENT = 5; // St. Mary's ICU, under St. Mary's
const ICU_NORTH = 6; // a unit of St. Mary's

describe('PUT /api/users/:id/set-scope', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let tech: Tokens;
  let managerId: number;
  let staff: UserRow[];

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse, tech] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health'), signIn('tech@demo.health')]);
    managerId = await userIdOf(ctx.app, manager.idToken, 'manager@demo.health');
    // Staff who see nothing yet (some of the demo's staff lead a department).
    const all = await staffOf(ctx.db, ST_MARYS);
    const scopes = await Promise.all(all.map((row) => loadScope(ctx.db, row.id)));
    staff = all.filter((_, i) => scopes[i]!.managedOrganizationIds.length === 0 && scopes[i]!.managedGroupIds.length === 0);
  });
  afterAll(() => ctx.close());

  const setScope = (token: string | undefined, id: number | string, body: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/set-scope`,
      headers: token ? { authorization: token } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const scopeOf = async (id: number) => {
    const scope = await loadScope(ctx.db, id);
    return { organizations: scope.managedOrganizationIds.sort(), groups: scope.managedGroupIds.sort(), sees: scope.groupIds };
  };

  it('answers 401 without a token and 403 to callers without the Users page, changing nothing', async () => {
    const target = staff[0]!;
    const body = { managedOrganizationIds: [ICU_DEPARTMENT], managedGroupIds: [] };
    expect((await setScope(undefined, target.id, body)).statusCode).toBe(401);
    for (const caller of [nurse, tech]) expect((await setScope(caller.idToken, target.id, body)).statusCode).toBe(403);
    expect((await scopeOf(target.id)).organizations).toEqual([]);
  });

  it('replaces the organizations and locations a user may see, which their scope follows at once', async () => {
    const target = staff[1]!;
    expect((await scopeOf(target.id)).sees.size).toBe(0);

    const given = await setScope(manager.idToken, target.id, { managedOrganizationIds: [ICU_DEPARTMENT, ICU_DEPARTMENT], managedGroupIds: [] });
    expect(given.statusCode).toBe(200);
    expect(setScopeResponseSchema.parse(given.json())).toEqual({ id: target.id, managedOrganizationIds: [ICU_DEPARTMENT], managedGroupIds: [] });
    const icu = await scopeOf(target.id);
    expect(icu.organizations).toEqual([ICU_DEPARTMENT]);
    expect(icu.sees.has(ICU_NORTH)).toBe(true);
    expect(icu.sees.has(DEMO_GROUP_IDS.stMarys)).toBe(false);

    // Replaced, not added to: one unit only.
    expect((await setScope(manager.idToken, target.id, { managedOrganizationIds: [], managedGroupIds: [ICU_NORTH] })).statusCode).toBe(200);
    const north = await scopeOf(target.id);
    expect(north).toMatchObject({ organizations: [], groups: [ICU_NORTH] });
    expect([...north.sees]).toEqual([ICU_NORTH]);

    // And emptied.
    expect((await setScope(manager.idToken, target.id, { managedOrganizationIds: [], managedGroupIds: [] })).statusCode).toBe(200);
    expect((await scopeOf(target.id)).sees.size).toBe(0);
  });

  it('answers 404 for an organization or location outside the caller’s scope, changing nothing', async () => {
    const target = staff[2]!;
    const outside = await setScope(manager.idToken, target.id, { managedOrganizationIds: [DEMO_ORG_IDS.riverside], managedGroupIds: [] });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Organization not found');
    const elsewhere = await setScope(manager.idToken, target.id, { managedOrganizationIds: [ICU_DEPARTMENT], managedGroupIds: [DEMO_GROUP_IDS.riverside] });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Location not found');
    expect(await scopeOf(target.id)).toMatchObject({ organizations: [], groups: [] });
  });

  it('never changes the caller’s own scope', async () => {
    const own = await setScope(manager.idToken, managerId, { managedOrganizationIds: [ICU_DEPARTMENT], managedGroupIds: [] });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SELF_SCOPE_MESSAGE);
    expect((await scopeOf(managerId)).organizations).toEqual([ST_MARYS]);
  });

  it('answers 400 with a clear message to a malformed request, changing nothing', async () => {
    const target = staff[3]!;
    for (const body of [undefined, {}, { managedOrganizationIds: [ICU_DEPARTMENT] }, { managedOrganizationIds: ['five'], managedGroupIds: [] }, { managedOrganizationIds: [ICU_DEPARTMENT], managedGroupIds: [], role: 'ADMIN' }]) {
      const res = await setScope(manager.idToken, target.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(/managed|body|role|Unrecognized/i);
    }
    expect((await setScope(manager.idToken, 'abc', { managedOrganizationIds: [], managedGroupIds: [] })).statusCode).toBe(400);
    expect((await scopeOf(target.id)).organizations).toEqual([]);
  });
});
