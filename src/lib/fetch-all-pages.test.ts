import { describe, expect, it } from 'vitest';
import { fetchAllPages } from './fetch-all-pages';

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
