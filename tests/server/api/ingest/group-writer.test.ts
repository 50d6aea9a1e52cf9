import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/src/db/client';
import { GroupWriter, type GroupWork } from '../../../../server/src/modules/ingest/group-writer';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db';

interface Item {
  id: number;
  weight?: number;
  fail?: boolean;
}

describe('GroupWriter', () => {
  let database: TestDatabase;
  let db: Database;
  const ids = async () => (await db.execute<{ id: number }>(sql`select id from writer_items order by id`)).rows.map((r) => Number(r.id));

  /** Inserts each item's id (refusing `fail` items); `finish` records the ids of each group and may refuse. */
  const work = (finishRefuses: (ids: number[]) => boolean = () => false) => {
    const groups: number[][] = [];
    const stores: number[] = [];
    const w: GroupWork<Item, number> = {
      weight: (item) => item.weight ?? 1,
      async store(tx, item) {
        stores.push(item.id);
        await tx.execute(sql`insert into writer_items (id) values (${item.id})`);
        if (item.fail) throw new Error(`item ${item.id} refused`);
        return item.id;
      },
      async finish(tx, results) {
        await tx.execute(sql`insert into writer_items (id) values (${-1 - groups.length})`);
        groups.push([...results]);
        if (finishRefuses([...results])) throw new Error('finish refused');
      },
    };
    return { w, groups, stores };
  };

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    db = database.handle.db;
    await db.execute(sql`create table writer_items (id int primary key)`);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db.execute(sql`delete from writer_items`);
  });

  it('writes items that arrive together as groups bounded by weight, answering after the commit', async () => {
    const { w, groups } = work();
    const writer = new GroupWriter(db, w, 3);
    const items: Item[] = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4, weight: 2 }, { id: 5 }, { id: 6, weight: 5 }, { id: 7 }];
    const answers = await Promise.all(
      items.map(async (item) => {
        const value = await writer.submit(item);
        // Committed when answered: visible to any other connection.
        const seen = await database.handle.reportDb.execute<{ n: number }>(sql`select count(*)::int as n from writer_items where id = ${item.id}`);
        return [value, Number(seen.rows[0]?.n)];
      }),
    );
    expect(answers).toEqual(items.map((i) => [i.id, 1]));
    // The first goes alone; the rest queue meanwhile and go in order, within the weight (one heavier item alone).
    expect(groups).toEqual([[1], [2, 3], [4, 5], [6], [7]]);
    expect(await ids()).toEqual([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('fails an item alone: the others of its group are stored and finished', async () => {
    const { w, groups } = work();
    const writer = new GroupWriter(db, w, 10);
    const results = await Promise.allSettled([1, 2, 3, 4].map((id) => writer.submit({ id, fail: id === 3 })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([[1], [2, 4]]);
    expect(await ids()).toEqual([-2, -1, 1, 2, 4]);
  });

  it('writes a group again item by item when its finish fails', async () => {
    const { w, groups, stores } = work((results) => results.length > 1);
    const writer = new GroupWriter(db, w, 10);
    expect(await Promise.all([1, 2, 3].map((id) => writer.submit({ id })))).toEqual([1, 2, 3]);
    expect(groups).toEqual([[1], [2, 3], [2], [3]]);
    expect(stores).toEqual([1, 2, 3, 2, 3]);
    expect(await ids()).toEqual([-4, -3, -1, 1, 2, 3]);
  });

  it('stores nothing of items whose finish keeps failing, and goes on with later ones', async () => {
    const { w } = work((results) => results.includes(2));
    const writer = new GroupWriter(db, w, 10);
    const results = await Promise.allSettled([1, 2, 3].map((id) => writer.submit({ id })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await ids()).filter((id) => id > 0)).toEqual([1, 3]);
    expect(await writer.submit({ id: 9 })).toBe(9);
  });
});
