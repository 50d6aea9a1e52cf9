import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../../server/src/plugins/route-registry';
import { createTestApp, signIn, userIdOf } from './app';
import { changedTables, changeMarks, type ChangeMarks } from './db-checksum';
import { malformedVariants, type Mutation, REFUSALS } from './malformed-requests';
import { ENDS_SIGN_IN, loadSampleIds, resolveSample, ROUTE_SAMPLES, routeKey, type SampleCaller, type SampleIds, toInject } from './route-samples';

// Every route, walked from its valid sample: malformed variants are refused with a clear 4xx,
// never a 5xx, and change nothing. The idempotency keys are left out of the comparison: a write
// refused after validation (a 404, a 409) stores its answer under its key by design, so that a
// replay gets the same refusal. The audit trail records every write attempt, refused ones too.
// The database is looked at through change marks, which no sequence of changes brings back to
// where they were: one look after a run of refused writes shows whether any of them changed it.

/** Variants per route; MALFORMED_RUNS raises it for a longer search. */
const RUNS = Number(process.env.MALFORMED_RUNS ?? 40);
// Bookkeeping a read may write: replayed keys, the audit trail, and the last sign-in GET /bootstrap records.
const UNCOMPARED = ['idempotency_keys', 'audit_events', 'user_sign_ins'];

/**
 * The routes are walked in PARTS test files, `tests/server/api/malformed-input/part-<n>.test.ts`,
 * each the routes at every PARTS-th place of the samples' table from its own: a file runs beside
 * the others on a worker of its own rather than holding one worker for minutes.
 */
export const PARTS = 4;
const PART_FILES = new URL('../api/malformed-input/', import.meta.url);

/** The walk of part `part` (1 to PARTS) of the routes. */
export function describeMalformedInput(part: 1 | 2 | 3 | 4) {
  const keys = Object.keys(ROUTE_SAMPLES).filter((_, index) => index % PARTS === part - 1);
  describe(`malformed requests, part ${part} of ${PARTS}`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let ids: SampleIds;
    let admin: SampleCaller;
    let routes: Map<string, RegisteredRoute>;
    let last: ChangeMarks;
    /** The refused writes sent since the last look, each of which must have changed nothing. */
    let refused: string[] = [];

    beforeAll(async () => {
      ctx = await createTestApp();
      const tokens = await signIn('admin@demo.health');
      admin = { tokens, userName: 'admin@demo.health', userId: await userIdOf(ctx.app, tokens.idToken, 'admin@demo.health') };
      ids = await loadSampleIds(ctx.db, `malformed-input-${part}` as const);
      routes = new Map(ctx.app.registeredRoutes().map((r) => [routeKey(r), r]));
      last = await changeMarks(ctx.db, UNCOMPARED);
    });
    afterAll(() => ctx.close());

    /** What changed since the last look. */
    async function changes(): Promise<string[]> {
      const now = await changeMarks(ctx.db, UNCOMPARED);
      const changed = changedTables(last, now);
      last = now;
      return changed;
    }

    /** Looks at the database: the refused writes since the last look must have changed nothing. */
    async function settle() {
      const changed = await changes();
      const sent = refused;
      refused = [];
      if (changed.length > 0) expect(changed, `changed by one of these refused requests:\n${sent.join('\n')}`).toEqual([]);
    }

    /**
     * Sends one variant and checks its answer. A refused write must have changed nothing, which the
     * next look shows: before a variant the API may accept (an empty value, an unknown parameter),
     * whose changes are allowed, and after the route's last. A read, which may never change
     * anything, is looked at once after all its variants.
     */
    async function check(route: RegisteredRoute, mutation: Mutation) {
      const write = route.method !== 'GET';
      if (write && !mutation.mustRefuse) await settle();
      const res = await ctx.app.inject(toInject(route, mutation.request));
      const what = `${mutation.label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (write && res.statusCode >= 400) refused.push(what);
      expect(res.statusCode, what).toBeLessThan(500);
      if (mutation.mustRefuse) expect(REFUSALS[mutation.where], what).toContain(res.statusCode);
      if (res.statusCode >= 400) expect(res.json<{ message?: unknown }>().message, what).toEqual(expect.stringMatching(/\S/));
      // What an accepted variant changed is allowed: the next look starts after it.
      if (write && res.statusCode < 400) last = await changeMarks(ctx.db, UNCOMPARED);
    }

    it('is one of the parts that together walk every route of the samples\' table', () => {
      const files = readdirSync(PART_FILES).filter((name) => name.endsWith('.test.ts')).sort();
      expect(files).toEqual(Array.from({ length: PARTS }, (_, i) => `part-${i + 1}.test.ts`).sort());
    });

    // The route list is the samples' table; route-samples.test.ts holds it equal to the registry.
    it.each(keys)('%s: refuses malformed input with a 4xx and changes nothing', async (key) => {
      const route = routes.get(key);
      if (!route) throw new Error(`${key} is not registered`);
      // A sign-out that gets through would end the admin's sign-in for every route after it.
      const as = ENDS_SIGN_IN.has(key) ? { ...admin, tokens: await signIn('admin@demo.health') } : admin;
      const base = resolveSample(route, ids, as);
      const variants = malformedVariants(route, base).map((m) => Object.assign(m, { [fc.toStringMethod]: () => m.label }));
      await fc.assert(
        fc.asyncProperty(variants, (m) => check(route, m)),
        { numRuns: RUNS },
      );
      if (route.method === 'GET') expect(await changes(), `${key} changed the database`).toEqual([]);
      else await settle();
    }, 120_000);
  });
}
