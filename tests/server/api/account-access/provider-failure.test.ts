import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, testIdentityAdmin, type Tokens } from '../../helpers/app';
import { handOut, ST_MARYS, staffOf } from '../../helpers/staff';

describe('an identity provider that fails', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let target: UserRow;
  const real = testIdentityAdmin();

  beforeAll(async () => {
    const failure = Object.assign(new Error('Internal detail: table users_v2 is locked'), { name: 'InternalErrorException' });
    ctx = await createTestApp({ identityAdmin: { ...real, getAccount: () => Promise.reject(failure) } });
    manager = await signIn('manager@demo.health');
    target = handOut(await staffOf(ctx.db, ST_MARYS), 'provider-failure')();
  });
  afterAll(() => ctx.close());

  it('answers 502 without the provider’s words', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/set-password',
      headers: { authorization: manager.idToken },
      payload: { username: target.userName, password: 'Unused!Pass123' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: 'The identity provider could not complete the request' });
    expect(res.body).not.toContain('Internal detail');
  });
});
