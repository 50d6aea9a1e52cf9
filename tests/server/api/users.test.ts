import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../server/src/contracts/users';
import { organizations, users } from '../../../server/src/db/schema';
import { withDescendants } from '../../../server/src/core/scope';
import { createTestApp, signIn, type Tokens } from '../helpers/app';

describe('users endpoints', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let tech: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, tech] = await Promise.all([signIn('manager@demo.health'), signIn('tech@demo.health')]);
  });
  afterAll(() => ctx.close());

  describe('GET /api/v2/users/me', () => {
    const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v2/users/me', headers });

    it('answers 401 without a token and with an id token in place of the access token', async () => {
      expect((await me({ version: '2' })).statusCode).toBe(401);
      expect((await me({ version: '2', authorization: `Bearer ${tech.idToken}` })).statusCode).toBe(401);
      expect((await me({ version: '2', authorization: tech.accessToken })).statusCode).toBe(401);
    });

    it('needs the Version: 2 header', async () => {
      const res = await me({ authorization: `Bearer ${tech.accessToken}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Version: 2/);
    });

    it('returns the caller’s role with its permissions', async () => {
      const res = await me({ version: '2', authorization: `Bearer ${tech.accessToken}` });
      expect(res.statusCode).toBe(200);
      const body = meResponseSchema.parse(res.json());
      expect(body.userName).toBe('tech@demo.health');
      const subjects = body.role.permissions.map((p) => p.subject);
      expect(subjects).toContain('WRISTBANDS');
      expect(subjects).toContain('USER_OVERVIEW');
      expect(subjects).not.toContain('PERFORMANCE');
    });
  });

  describe('GET /api/users/username', () => {
    const lookup = (token: string | undefined, username: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/users/username',
        query: { username },
        headers: token ? { authorization: token } : {},
      });

    it('answers 401 without a token', async () => {
      expect((await lookup(undefined, 'manager@demo.health')).statusCode).toBe(401);
    });

    it('answers the caller’s own name, whatever its case and spacing', async () => {
      const res = await lookup(manager.idToken, '  Manager@Demo.Health ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userName: 'manager@demo.health' });
    });

    it('finds users of the caller’s hospital but not of the other one', async () => {
      const tree = await ctx.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
      const [colleague] = await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.organizationId, [...withDescendants(tree, [3])].at(-1) as number), ne(users.userName, 'manager@demo.health')))
        .limit(1);
      const [stranger] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.organizationId, [...withDescendants(tree, [4])].at(-1) as number))
        .limit(1);
      expect(colleague && stranger).toBeTruthy();
      const found = await lookup(manager.idToken, colleague!.userName);
      expect(found.statusCode).toBe(200);
      expect(found.json().userName).toBe(colleague!.userName);
      expect((await lookup(manager.idToken, stranger!.userName)).statusCode).toBe(404);
    });
  });
});
