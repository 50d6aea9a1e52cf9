import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/src/db/client';
import { derivePending } from '../../../../server/src/db/schema';
import { SpanDeriver, spanDeriver } from '../../../../server/src/modules/ingest/span-deriver';
import { ingestEvents } from '../../../../server/src/modules/ingest/ingest.service';
import { deriveAll } from '../../../../server/src/modules/metrics/derive';
import { generateEvents } from '../../../../server/src/simulator/generate';
import { loadWorld } from '../../../../server/src/simulator/world';
import { createTestApp } from '../../helpers/app';
import { derivedChecksums } from '../../helpers/db-checksum';
import { createFleet, eventsFor, sendAsGateway, type Fleet } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { HOUR, T0 } from '../../simulator/world';


const pendingSpans = async (db: Database) => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from derive_pending`)).rows[0]?.n);

describe('deriving stored batches (POST /api/ingest/events, ?derive=deferred)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let fleet: Fleet;
  let user: number;
  const send = (events: unknown[], query = '?derive=deferred') => sendAsGateway(ctx.app, fleet, events, query);
  const entryCompliant = async (at: string) =>
    (await ctx.db.execute<{ c: boolean }>(sql`select entry_compliant as c from visits where user_id = ${user} and entry_at = ${at}::timestamptz`)).rows.map((r) => r.c);

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await staffOf(ctx.db, ST_MARYS))[0]?.id as number;
    fleet = await createFleet(ctx.db, 6, [user]);
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('answers once the batch is stored and derives its spans right after', async () => {
    const e = eventsFor(fleet);
    const res = await send([...e.visit(user, '2025-11-01T10:00:00Z', '2025-11-01T10:05:00Z'), e.dispense(user, '2025-11-01T09:59:30Z')]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 3, duplicates: 0 });
    await spanDeriver(ctx.db).idle();
    expect(await entryCompliant('2025-11-01T10:00:00Z')).toEqual([true]);
    expect(await pendingSpans(ctx.db)).toBe(0);
    // A replay stores nothing and leaves nothing to derive.
    const once = e.dispense(user, '2025-11-01T12:00:00Z');
    expect((await send([once])).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await send([once])).json()).toEqual({ accepted: 0, duplicates: 1 });
    await spanDeriver(ctx.db).idle();
    expect(await pendingSpans(ctx.db)).toBe(0);
  });

  it('refuses an unknown way of deriving', async () => {
    const e = eventsFor(fleet);
    const res = await send([e.dispense(user, '2025-11-02T10:00:00Z')], '?derive=sometime');
    expect(res.statusCode).toBe(400);
    expect((await send([e.dispense(user, '2025-11-02T10:00:00Z')], '?derive=now')).statusCode).toBe(200);
  });

  it('derives a backlog sent many batches at once as a full re-derivation would', async () => {
    const world = await loadWorld(ctx.db);
    const generated = generateEvents(world, { from: T0 - 30 * HOUR, to: T0 + 6 * HOUR });
    const batches: unknown[][] = [];
    for (let i = 0; i < generated.length; i += 700) batches.push(generated.slice(i, i + 700).map((g) => g.event));
    const answers = await Promise.all(batches.map((events) => ingestEvents(ctx.db, events, { derive: 'deferred' })));
    expect(answers.reduce((n, a) => n + a.accepted, 0)).toBe(generated.length);
    await spanDeriver(ctx.db).idle();
    expect(await pendingSpans(ctx.db)).toBe(0);
    const incremental = await derivedChecksums(ctx.db);
    await deriveAll(ctx.db);
    expect(await derivedChecksums(ctx.db)).toEqual(incremental);
  });

  it('derives spans an earlier run left pending when started again', async () => {
    const e = eventsFor(fleet);
    // Stored and recorded as pending, as by a batch whose derivation a crash prevented.
    await ingestEvents(ctx.db, [...e.visit(user, '2025-11-03T10:00:00Z', '2025-11-03T10:05:00Z'), e.dispense(user, '2025-11-03T09:59:30Z')], { derive: false });
    await ctx.db.insert(derivePending).values({ kind: 'USER', subjectId: user, fromTs: new Date('2025-11-03T09:59:30Z'), toTs: new Date('2025-11-03T10:05:00Z') });
    expect(await entryCompliant('2025-11-03T10:00:00Z')).toEqual([]);
    const deriver = spanDeriver(ctx.db);
    await deriver.stop();
    deriver.resume();
    await deriver.idle();
    expect(await entryCompliant('2025-11-03T10:00:00Z')).toEqual([true]);
    expect(await pendingSpans(ctx.db)).toBe(0);
  });

  it('answers a batch whose derivation fails with the error, and its retry once a later derivation has derived it', async () => {
    const e = eventsFor(fleet);
    const batch = [...e.visit(user, '2025-11-05T10:00:00Z', '2025-11-05T10:05:00Z'), e.dispense(user, '2025-11-05T09:59:30Z')];
    await ctx.db.execute(sql`create function refuse_visit() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_visit before insert on visits for each row execute function refuse_visit()`);
    try {
      expect((await send(batch, '')).statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_visit on visits`);
      await ctx.db.execute(sql`drop function refuse_visit()`);
    }
    // Stored, not derived: the spans wait.
    expect(await entryCompliant('2025-11-05T10:00:00Z')).toEqual([]);
    expect(await pendingSpans(ctx.db)).toBeGreaterThan(0);
    expect((await send(batch, '')).json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await entryCompliant('2025-11-05T10:00:00Z')).toEqual([true]);
    expect(await pendingSpans(ctx.db)).toBe(0);
  });

  it('holds a deferred batch back while more than the bound waits to be derived', async () => {
    const e = eventsFor(fleet);
    await ingestEvents(ctx.db, [...e.visit(user, '2025-11-04T10:00:00Z', '2025-11-04T10:05:00Z'), e.dispense(user, '2025-11-04T09:59:30Z')], { derive: false });
    await ctx.db.insert(derivePending).values({ kind: 'USER', subjectId: user, fromTs: new Date('2025-11-04T09:59:30Z'), toTs: new Date('2025-11-04T10:05:00Z') });
    const deriver = new SpanDeriver(ctx.db, 5);
    await deriver.room(5); // nothing waits: room at once
    deriver.stored(3);
    await deriver.room(2); // 3 + 2 fits
    await deriver.room(3); // 3 + 3 does not: only once derived
    expect(await entryCompliant('2025-11-04T10:00:00Z')).toEqual([true]);
    expect(await pendingSpans(ctx.db)).toBe(0);
    await deriver.stop();
  });
});
