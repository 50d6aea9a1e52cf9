import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forPublic } from '../../../../server/src/core/access';
import { createTestApp } from '../../helpers/app';

// The net below the contracts: a value that reaches the database and is refused there as input
// answers 400, while any other database failure stays a 500 with its details in the log only.
describe('database errors about request values', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Routes that hand their query parameter to the database unchecked, as a contract that missed a field would.
    ctx.app.get<{ Params: { cast: string }; Querystring: { value: string } }>('/api/probe/:cast', { config: forPublic }, async (request) => {
      const { value } = request.query;
      const statements: Record<string, ReturnType<typeof sql>> = {
        int: sql`select ${value}::int as v`,
        text: sql`select ${value}::text as v`,
        date: sql`select ${value}::date as v`,
        missing: sql`select v from no_such_table`,
      };
      const statement = statements[request.params.cast];
      if (!statement) return [];
      return (await ctx.db.execute(statement)).rows;
    });
  });
  afterAll(() => ctx.close());

  const probe = (cast: string, value: string) => ctx.app.inject({ method: 'GET', url: `/api/probe/${cast}`, query: { value } });

  it.each([
    ['int', 'abc', 'invalid text representation'],
    ['int', '2147483648', 'integer out of range'],
    ['text', 'a\u0000b', 'NUL in text'],
    ['date', '2024-02-30', 'a day not on the calendar'],
    ['date', '0000-01-01', 'year 0'],
  ])('answers 400 for %s %j (%s)', async (cast, value) => {
    const res = await probe(cast, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'A value of the request is malformed or out of range' });
  });

  it('keeps any other database failure a 500 without its details', async () => {
    const res = await probe('missing', 'x');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toMatch(/no_such_table/);
  });
});
