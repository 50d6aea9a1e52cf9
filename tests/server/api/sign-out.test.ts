import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOutResponseSchema } from '../../../server/src/contracts/session';
import { revokedSessions } from '../../../server/src/db/schema';
import { pruneRevokedSessions } from '../../../server/src/modules/session/revoked-sessions.repo';
import { createTestApp } from '../helpers/app';
import { claimsOf, localIdentity, passwordSignIn, tokensOf } from '../helpers/identity';

describe('POST /api/session/sign-out', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const bootstrap = (idToken: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/bootstrap', query: { username: 'manager@demo.health', loginType: 'WEB_APP' }, headers: { authorization: idToken } });
  const me = (accessToken: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: { version: '2', authorization: `Bearer ${accessToken}` } });
  const signOut = (idToken?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/session/sign-out', headers: idToken ? { authorization: idToken } : {} });

  it('answers 401 without a token', async () => {
    expect((await signOut()).statusCode).toBe(401);
  });

  it('refuses every token of the signed-out sign-in at once, refreshed ones too, and leaves other sign-ins alone', async () => {
    const session = tokensOf(await passwordSignIn('manager@demo.health', 'Demo!2345'));
    const other = tokensOf(await passwordSignIn('manager@demo.health', 'Demo!2345'));
    expect((await bootstrap(session.IdToken)).statusCode).toBe(200);

    const res = await signOut(session.IdToken);
    expect(res.statusCode).toBe(200);
    expect(signOutResponseSchema.parse(res.json())).toEqual({ revoked: true });

    const after = await bootstrap(session.IdToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This session was signed out. Please sign in again.');
    expect((await me(session.AccessToken)).statusCode).toBe(401);

    // A refresh of the same sign-in (had the provider not revoked its refresh token) keeps its origin.
    const { client, clientId } = localIdentity();
    const refreshed = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: session.RefreshToken } }),
    );
    const renewedId = refreshed.AuthenticationResult?.IdToken;
    expect(renewedId && claimsOf(renewedId).origin_jti).toBe(claimsOf(session.IdToken).origin_jti);
    expect((await bootstrap(renewedId!)).statusCode).toBe(401);

    expect((await bootstrap(other.IdToken)).statusCode).toBe(200);
    expect((await me(other.AccessToken)).statusCode).toBe(200);
  });

  it('keeps a sign-out as long as a token of it can live, then forgets it', async () => {
    const session = tokensOf(await passwordSignIn('nurse@demo.health', 'Demo!2345'));
    expect((await signOut(session.IdToken)).statusCode).toBe(200);
    const origin = String(claimsOf(session.IdToken).origin_jti);
    const [row] = await ctx.db.select().from(revokedSessions).where(eq(revokedSessions.originJti, origin));
    expect(row).toBeDefined();
    const keepsDays = (row!.keepUntil.getTime() - row!.revokedAt.getTime()) / 86_400_000;
    expect(Math.round(keepsDays)).toBe(30);

    const listed = async () => (await ctx.db.select().from(revokedSessions).where(eq(revokedSessions.originJti, origin))).length;
    await pruneRevokedSessions(ctx.db, row!.keepUntil.getTime() - 1_000);
    expect(await listed()).toBe(1);
    expect((await bootstrap(session.IdToken)).statusCode).toBe(401);
    expect(await pruneRevokedSessions(ctx.db, row!.keepUntil.getTime() + 1_000)).toBeGreaterThanOrEqual(1);
    expect(await listed()).toBe(0);
  });
});
