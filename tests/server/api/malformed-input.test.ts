import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../../server/src/plugins/route-registry';
import { createTestApp, signIn, userIdOf } from '../helpers/app';
import { changedTables, tableChecksums, type TableChecksums } from '../helpers/db-checksum';
import { malformedVariants, type Mutation, REFUSALS } from '../helpers/malformed-requests';
import { ENDS_SIGN_IN, loadSampleIds, resolveSample, ROUTE_SAMPLES, routeKey, type SampleCaller, type SampleIds, toInject } from '../helpers/route-samples';

// Every route, walked from its valid sample: malformed variants are refused with a clear 4xx,
// never a 5xx, and change nothing. The idempotency keys are left out of the comparison: a write
// refused after validation (a 404, a 409) stores its answer under its key by design, so that a
// replay gets the same refusal. The audit trail records every write attempt, refused ones too.

/** Variants per route; MALFORMED_RUNS raises it for a longer search. */
const RUNS = Number(process.env.MALFORMED_RUNS ?? 40);
// Bookkeeping a read may write: replayed keys, the audit trail, and the last sign-in GET /bootstrap records.
const UNCOMPARED = ['idempotency_keys', 'audit_events', 'user_sign_ins'];

describe('malformed requests', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let ids: SampleIds;
  let admin: SampleCaller;
  let routes: Map<string, RegisteredRoute>;
  let last: TableChecksums;

  beforeAll(async () => {
    ctx = await createTestApp();
    const tokens = await signIn('admin@demo.health');
    admin = { tokens, userName: 'admin@demo.health', userId: await userIdOf(ctx.app, tokens.idToken, 'admin@demo.health') };
    ids = await loadSampleIds(ctx.db, 'malformed-input');
    routes = new Map(ctx.app.registeredRoutes().map((r) => [routeKey(r), r]));
    last = await tableChecksums(ctx.db, UNCOMPARED);
  });
  afterAll(() => ctx.close());

  /** What changed since the last look. */
  async function changes(): Promise<string[]> {
    const now = await tableChecksums(ctx.db, UNCOMPARED);
    const changed = changedTables(last, now);
    last = now;
    return changed;
  }

  /**
   * Sends one variant and checks its answer. A write is compared with the database after each
   * variant (a refused one must have changed nothing; an accepted empty value may change it); a
   * read, which may never change anything, once after all its variants.
   */
  async function check(route: RegisteredRoute, mutation: Mutation) {
    const res = await ctx.app.inject(toInject(route, mutation.request));
    const what = `${mutation.label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    if (mutation.mustRefuse) expect(REFUSALS[mutation.where], what).toContain(res.statusCode);
    if (res.statusCode >= 400) expect(res.json<{ message?: unknown }>().message, what).toEqual(expect.stringMatching(/\S/));
    if (route.method !== 'GET') {
      const changed = await changes();
      if (res.statusCode >= 400) expect(changed, what).toEqual([]);
    }
  }

  // The route list is the samples' table; route-samples.test.ts holds it equal to the registry.
  it.each(Object.keys(ROUTE_SAMPLES))('%s: refuses malformed input with a 4xx and changes nothing', async (key) => {
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
  }, 120_000);
});
