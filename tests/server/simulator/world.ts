import { loadWorld } from '../../../server/src/simulator/world';
import type { World } from '../../../server/src/simulator/world-index';
import { createTestDatabase } from '../helpers/test-db';

/** The world of a freshly seeded demo database (the database is closed again). */
export async function demoWorld(): Promise<World> {
  const database = await createTestDatabase();
  try {
    return await loadWorld(database.handle.db);
  } finally {
    await database.close();
  }
}

/** A fixed instant inside the demo's assignment period. */
export const T0 = Date.parse('2026-11-09T00:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
