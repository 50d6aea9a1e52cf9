import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, userIdOf } from '../helpers/app';
import { ENDS_SIGN_IN, loadSampleIds, missingSamples, resolveSample, routeKey, type SampleCaller, type SampleIds, statePurposesForSamples, toInject } from '../helpers/route-samples';

describe('route samples', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let ids: SampleIds;
  let admin: SampleCaller;
  beforeAll(async () => {
    ctx = await createTestApp();
    const tokens = await signIn('admin@demo.health');
    admin = { tokens, userName: 'admin@demo.health', userId: await userIdOf(ctx.app, tokens.idToken, 'admin@demo.health') };
    ids = await loadSampleIds(ctx.db, 'route-samples');
    await statePurposesForSamples(ctx.app, tokens, ids);
  });
  afterAll(() => ctx.close());

  it('has a sample for every registered route and none for a route that is gone', () => {
    expect(missingSamples(ctx.app.registeredRoutes())).toEqual({ unsampled: [], unregistered: [] });
  });

  it('gets every sample answered as the table says when the admin sends it', async () => {
    const answers: string[] = [];
    for (const route of ctx.app.registeredRoutes()) {
      const as = ENDS_SIGN_IN.has(routeKey(route)) ? { ...admin, tokens: await signIn('admin@demo.health') } : admin;
      // A new sign-in has stated no purpose yet.
      if (as !== admin) await statePurposesForSamples(ctx.app, as.tokens, ids);
      const sample = resolveSample(route, ids, as);
      const res = await ctx.app.inject(toInject(route, sample));
      if (res.statusCode !== sample.status) answers.push(`${routeKey(route)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(answers).toEqual([]);
  });
});
