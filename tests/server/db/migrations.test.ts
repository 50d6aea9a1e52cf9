import { count, getTableName, isTable, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../server/src/db/migrate';
import * as schema from '../../../server/src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const tables = Object.values(schema).filter(isTable);

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false, fresh: true });
  });
  afterAll(() => database.close());

  it('create every table of the schema, empty', async () => {
    const { db } = database.handle;
    // The tables themselves: a partitioned table's partitions are not tables of the schema.
    const rows = await db.execute<{ table_name: string }>(
      sql`select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    );
    expect(rows.rows.map((r) => r.table_name)).toEqual(tables.map((t) => getTableName(t)).sort());
    for (const table of tables) {
      expect(await db.select({ n: count() }).from(table)).toEqual([{ n: 0 }]);
    }
  });

  it('are recorded, so a second run applies nothing', async () => {
    await runMigrations(database.handle);
    const applied = await database.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBeGreaterThanOrEqual(1);
    await runMigrations(database.handle);
    const again = await database.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(again.rows).toEqual(applied.rows);
  });

  it('enforce the constraints the API relies on', async () => {
    const { db } = database.handle;
    await expect(
      db.insert(schema.organizations).values({ name: 'X', type: 'HOSPITAL', accountType: 'GOLD' as 'PRO' }),
    ).rejects.toThrow();
    await db.insert(schema.professions).values({ code: 'SCRIBE', name: 'Scribe', organizationId: null });
    // Global professions (organization null) must still have unique codes.
    await expect(
      db.insert(schema.professions).values({ code: 'SCRIBE', name: 'Scribe', organizationId: null }),
    ).rejects.toThrow();
  });
});
