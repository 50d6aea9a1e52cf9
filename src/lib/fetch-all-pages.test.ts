import { describe, expect, it } from 'vitest';
import { fetchAllCounted, fetchAllPages, nextAfterLastId } from './fetch-all-pages';

describe('fetchAllPages', () => {
  it('asks for the page after the last id until a page comes back short', async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | undefined)[] = [];
    const rows = await fetchAllPages(async (after) => {
      asked.push(after);
      return all.filter((r) => r.id > (after ?? 0)).slice(0, 3);
    }, 3);
    expect(rows).toEqual(all);
    expect(asked).toEqual([undefined, 3, 6]);
  });

  it('stops after an empty page when the last one was full', async () => {
    const asked: (number | undefined)[] = [];
    const rows = await fetchAllPages(async (after) => {
      asked.push(after);
      return after ? [] : [{ id: 1 }, { id: 2 }];
    }, 2);
    expect(rows).toHaveLength(2);
    expect(asked).toEqual([undefined, 2]);
  });
});

/** A list of `count` rows, newest (highest id) first, as the API pages it: `take` rows after the id `startingAfter`. */
function newestFirst(count: number) {
  const all = Array.from({ length: count }, (_, i) => ({ id: 100 - i }));
  return (take: number, startingAfter?: number) => ({ data: all.filter((r) => startingAfter === undefined || r.id < startingAfter).slice(0, take), totalCount: all.length });
}

describe('nextAfterLastId', () => {
  const server = newestFirst(5);
  it('names the last id read while fewer rows are read than the total', () => {
    const first = server(2);
    expect(nextAfterLastId(first, [first])).toBe(99);
    const second = server(2, 99);
    expect(nextAfterLastId(second, [first, second])).toBe(97);
  });

  it('names nothing once every row is read, or after an empty page', () => {
    const all = server(5);
    expect(nextAfterLastId(all, [all])).toBeUndefined();
    const first = server(2);
    const empty = { data: [], totalCount: 5 };
    expect(nextAfterLastId(empty, [first, empty])).toBeUndefined();
  });

  it('reads the total of the newest page', () => {
    const first = server(2);
    expect(nextAfterLastId({ ...first, totalCount: 2 }, [first])).toBeUndefined();
    expect(nextAfterLastId({ ...first, totalCount: 3 }, [first])).toBe(99);
  });
});

describe('fetchAllCounted', () => {
  it('asks for the page after the last id until the total is read, and no further', async () => {
    const server = newestFirst(6);
    const asked: (number | undefined)[] = [];
    const rows = await fetchAllCounted(async (after) => {
      asked.push(after);
      return server(3, after);
    }, 3);
    expect(rows.map((r) => r.id)).toEqual([100, 99, 98, 97, 96, 95]);
    // The second page is full, but the total is read: no empty third page is asked for.
    expect(asked).toEqual([undefined, 98]);
  });

  it('stops at a short page even when the total grew meanwhile', async () => {
    let total = 5;
    const asked: (number | undefined)[] = [];
    const server = newestFirst(5);
    const rows = await fetchAllCounted(async (after) => {
      asked.push(after);
      total += 1;
      return { ...server(3, after), totalCount: total };
    }, 3);
    expect(rows.map((r) => r.id)).toEqual([100, 99, 98, 97, 96]);
    expect(asked).toEqual([undefined, 98]);
  });

  it('stops at an empty page when a full one left the grown total unread', async () => {
    let total = 2;
    const asked: (number | undefined)[] = [];
    const rows = await fetchAllCounted(async (after) => {
      asked.push(after);
      total += 1;
      return { data: after === undefined ? [{ id: 2 }, { id: 1 }] : [], totalCount: total };
    }, 2);
    expect(rows).toEqual([{ id: 2 }, { id: 1 }]);
    expect(asked).toEqual([undefined, 1]);
  });
});
