import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyHospitals } from '../../../scripts/bench/network';
import { REPLACED_DEVICES_GROUP_ID } from '../../../server/src/contracts/devices';
import { GATEWAY_SETUP_GROUP_ID } from '../../../server/src/contracts/gateways';
import { idIn } from '../../../server/src/core/sql';
import type { Database } from '../../../server/src/db/client';
import { generateEvents } from '../../../server/src/simulator/generate';
import { loadWorld } from '../../../server/src/simulator/world';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { HOUR, T0 } from '../simulator/world';

// The benchmark's large networks are copies of the demo's hospitals, so a room holds as many
// people at 100M events as in the demo and contacts grow with the network, not with its square.

describe('copies of the demo hospitals (bench:reports network)', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  const count = async (query: ReturnType<typeof sql>) => Number((await db.execute<{ n: number }>(query)).rows[0]?.n);

  it('adds whole hospitals whose simulated events have the demo occupancy, under the same network', async () => {
    const world = await loadWorld(db);
    const window = { from: T0 + 8 * HOUR, to: T0 + 10 * HOUR };
    const before = generateEvents(world, window).length;
    const users = await count(sql`select count(*)::int as n from users`);

    const copy = await copyHospitals(database.handle, 3);
    expect(copy.staff).toBeGreaterThan(100);
    expect(copy.rooms).toBeGreaterThan(100);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(users + 2 * copy.staff);

    // Every copied location hangs under the demo's network root and belongs to a copied organization
    // (the other roots are the provider's gateway setup queue and Replaced Devices group).
    expect(await count(sql`select count(*)::int as n from groups where parent_id is null and id not in (${REPLACED_DEVICES_GROUP_ID}, ${GATEWAY_SETUP_GROUP_ID})`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from groups g join organizations o on o.id = g.organization_id where o.name like '% 3' and g.name like '% 3'`)).toBe(copy.locations);
    expect(await count(sql`select count(*) - count(distinct mac) as n from devices`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from devices d join devices gw on gw.id = d.gateway_id where d.name like '% 2' and gw.name not like '% 2'`)).toBe(0);
    // Staff wear their copy's wristbands in their copy's rooms.
    expect(
      await count(sql`
        select count(*)::int as n from wearable_assignments a join users u on u.id = a.user_id join devices d on d.id = a.device_id
        where u.user_name like 'c3.%' and d.name not like '% 3'`),
    ).toBe(0);

    const after = generateEvents(await loadWorld(db), window);
    // Three networks' worth of events, within the noise of each wearer's own draws.
    expect(after.length / before).toBeGreaterThan(2.7);
    expect(after.length / before).toBeLessThan(3.3);
    // The simulator finds each copy's rooms: presence events name zones of the second and third copies.
    const zones = [...new Set(after.flatMap((e) => ('zoneId' in e.event && typeof e.event.zoneId === 'number' ? [e.event.zoneId] : [])))];
    for (const suffix of ['% 2', '% 3']) {
      expect(await count(sql`select count(*)::int as n from zones z join groups g on g.id = z.group_id where ${idIn(sql`z.id`, zones)} and g.name like ${suffix}`)).toBeGreaterThan(0);
    }
  });
});
