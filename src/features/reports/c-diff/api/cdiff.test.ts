import { cdiffSearchSchema } from '@contracts/reports/cdiff';
import { describe, expect, it } from 'vitest';
import { cdiffSearchTerm, cdiffSearchTerms, nextCursor } from './cdiff';

const page = (ids: number[], totalCount: number) => ({ data: ids.map((zoneId) => ({ zoneId })), totalCount });
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('C. diff search terms', () => {
  it('sends one name~"…" term per word, every one of which the room name must contain', () => {
    expect(cdiffSearchTerms('  3N   302 ')).toEqual(['name~"3N"', 'name~"302"']);
    expect(cdiffSearchTerms('   ')).toEqual([]);
  });

  it('escapes quotes and backslashes so the server reads back exactly what was typed', () => {
    const typed = ['say "hi"', 'C:\\rooms\\', '\\"', 'plain'];
    expect(cdiffSearchTerm('say "hi"')).toBe('name~"say \\"hi\\""');
    expect(cdiffSearchSchema.parse(typed.map(cdiffSearchTerm))).toEqual(typed);
  });

  it('keeps within the ten terms the server takes', () => {
    const terms = cdiffSearchTerms(range(1, 14).join(' '));
    expect(terms).toHaveLength(10);
    expect(() => cdiffSearchSchema.parse(terms)).not.toThrow();
  });
});

describe('the paging cursor', () => {
  const cursor = (pages: ReturnType<typeof page>[]) => nextCursor(pages, (room) => room.zoneId);

  it('asks after the last room loaded while more exist', () => {
    expect(cursor([page(range(1, 15), 19)])).toBe(15);
    expect(cursor([page(range(1, 15), 40), page(range(16, 15), 40)])).toBe(30);
  });

  it('stops once every room is loaded, or a page came short', () => {
    expect(cursor([page(range(1, 15), 15)])).toBeUndefined();
    expect(cursor([page(range(1, 15), 19), page(range(16, 4), 19)])).toBeUndefined();
    // Rooms removed meanwhile: the count says more, but the short page is the end.
    expect(cursor([page(range(1, 7), 19)])).toBeUndefined();
    expect(cursor([page([], 0)])).toBeUndefined();
    expect(cursor([])).toBeUndefined();
  });
});
