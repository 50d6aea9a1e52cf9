import { seedDataExports } from './demo/data-exports';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { DEMO_SEEDED_KEY } from './enums';
import { appMeta } from './schema';
import { seedPermissions, seedProfessions } from './demo/catalogs';
import { seedHierarchy } from './demo/hierarchy';
import { seedDevices } from './demo/devices';
import { seedGateways } from './demo/gateways';
import { seedNfcTags } from './demo/nfc';
import { seedIot } from './demo/iot';
import { seedUsers, switchOffDisabledAccounts } from './demo/users';

export { DEMO_GROUP_IDS, DEMO_ORG_IDS } from './demo/hierarchy-data';

// Arbitrary constant: two processes seeding one PostgreSQL at once wait for each other, and the
// second then sees the marker instead of colliding on the explicit ids.
const SEED_LOCK_KEY = 727_451_002;

// The seed writes explicit ids; without this the next ordinary insert would draw id 1 again.
const SERIAL_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['organizations', 'id'],
  ['groups', 'id'],
  ['professions', 'pid'],
  ['permissions', 'id'],
  ['permission_templates', 'id'],
  ['users', 'id'],
  ['email_subscriptions', 'id'],
  ['device_models', 'id'],
  ['firmware_versions', 'id'],
  ['zones', 'id'],
  ['devices', 'id'],
  ['wearable_assignments', 'id'],
];

async function resetSequences(db: Database): Promise<void> {
  for (const [table, column] of SERIAL_COLUMNS) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}

/**
 * Fills an empty, migrated database with the demo hierarchy, catalogs, ~200 users, the six demo
 * accounts and the device fleet (rooms, devices, wearable assignments, floor plans), in one
 * transaction. Does nothing when app_meta already carries the demo marker.
 */
export async function seedDemo(db: Database): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY));
    if (marker.length > 0) return { seeded: false };

    await seedHierarchy(tx);
    await seedProfessions(tx);
    await seedPermissions(tx);
    await seedUsers(tx);
    await seedDevices(tx);
    await seedGateways(tx);
    await seedNfcTags(tx);
    await seedIot(tx);
    await switchOffDisabledAccounts(tx);
    await seedDataExports(tx);
    await resetSequences(tx);
    await tx.insert(appMeta).values({ key: DEMO_SEEDED_KEY, value: new Date().toISOString() });
    return { seeded: true };
  });
}
