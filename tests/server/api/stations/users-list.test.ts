import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListSchema } from '../../../../server/src/contracts/user-list';
import { createTestApp, type Tokens } from '../../helpers/app';
import { call, createStationsAccount, ICU_NORTH, ST_MARYS_ORG } from './stations-client';

// The Stations page is open to every account type; its Assign tab lists users through GET /users.
describe('GET /api/users for the Stations page', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let proStations: Tokens;
  let proBadges: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    proStations = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH], organizationId: ST_MARYS_ORG })).tokens;
    proBadges = (await createStationsAccount(ctx.db, { subjects: ['BADGES'], groupIds: [ICU_NORTH], organizationId: ST_MARYS_ORG })).tokens;
  });
  afterAll(() => ctx.close());

  it('lists the users in scope for a PRO account holding Stations, 100 at first', async () => {
    const res = await call(ctx.app, proStations, 'GET', 'users', { query: { take: 100, active: 'true' } });
    expect(res.status).toBe(200);
    const list = userListSchema.parse(res.body);
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.length).toBeLessThanOrEqual(100);
    // Managing ICU – 3 North only: its users, nobody else's.
    expect(new Set(list.data.map((u) => u.groupId))).toEqual(new Set([ICU_NORTH]));
  });

  it('still refuses a PRO account whose only reason is a product page', async () => {
    const res = await call(ctx.app, proBadges, 'GET', 'users', { query: { take: 10 } });
    expect(res.status).toBe(403);
  });
});
