import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { getPersonalReport } from './report-client';

// ICU – 3 North (group 6) of St. Mary's: inside the network technician's scope.
const ICU = 6;
const DAY = '2025-02-03';

describe('GET /api/compliance/breakdowns: the organization’s figures only for the organization-level pages', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let tech: Tokens;
  let nurse: Tokens;
  let idOf: (userName: string) => Promise<number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, tech, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('tech@demo.health'), signIn('nurse@demo.health')]);
    idOf = async (userName) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
    const staff = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === 5).map((u) => u.id).slice(0, 2);
    const e = eventsFor(await createFleet(ctx.db, ICU, staff));
    await ingest(ctx.db, staff.flatMap((u) => [...e.visit(u, `${DAY}T10:00:00Z`, `${DAY}T10:05:00Z`), e.dispense(u, `${DAY}T09:59:30Z`)]));
  });
  afterAll(() => ctx.close());

  const breakdowns = (tokens: Tokens, extra: Record<string, number> = {}) =>
    getPersonalReport(ctx.app, tokens.idToken, 'compliance/breakdowns', { startDate: DAY, endDate: DAY, groupIds: [ICU], ...extra });
  const opportunities = (body: { eventTypes: { opportunities: number }[] }) => body.eventTypes.reduce((n, t) => n + t.opportunities, 0);

  it('answers the organization’s breakdown to the admin', async () => {
    const { status, body } = await breakdowns(admin);
    expect(status).toBe(200);
    expect(opportunities(body)).toBe(4);
  });

  it('answers a User Overview holder without a userId with their own breakdown, never the organization’s', async () => {
    for (const [tokens, userName] of [[tech, 'tech@demo.health'], [nurse, 'nurse@demo.health']] as const) {
      const bare = await breakdowns(tokens);
      expect(bare.status, userName).toBe(200);
      expect(opportunities(bare.body), userName).toBe(0);
      const own = await breakdowns(tokens, { userId: await idOf(userName) });
      expect(bare.body, userName).toEqual(own.body);
    }
  });

  it('answers one user’s breakdown to a caller who may see that user', async () => {
    const [someone] = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === 5);
    const { status, body } = await breakdowns(tech, { userId: someone!.id });
    expect(status).toBe(200);
    expect(opportunities(body)).toBe(2);
    expect((await breakdowns(nurse, { userId: someone!.id })).status).toBe(404);
  });
});
