import {
  AdminCreateUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { claimsOf, createConfirmedAccount, localIdentity, passwordSignIn, providerError, tokensOf, uniqueEmail } from '../helpers/identity';

const { client, clientId, userPoolId } = localIdentity();
const refresh = (refreshToken: string) =>
  client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }));

describe('tokens of the local provider as of Cognito', () => {
  it('lasts one hour, as Cognito tokens do by default, so sessions renew locally as in production', async () => {
    const email = uniqueEmail('lifetime');
    await createConfirmedAccount(email, 'Lifetime!2345');
    const { AccessToken, IdToken } = tokensOf(await passwordSignIn(email, 'Lifetime!2345'));
    for (const token of [AccessToken, IdToken]) {
      const { exp, iat } = claimsOf(token) as { exp: number; iat: number };
      expect(exp - iat).toBe(3600);
    }
  });

  it('gives the access and id token of one sign-in the same origin_jti, kept by a refresh', async () => {
    const email = uniqueEmail('tokens');
    await createConfirmedAccount(email, 'Tokens!2345');
    const first = tokensOf(await passwordSignIn(email, 'Tokens!2345'));
    const origin = claimsOf(first.AccessToken).origin_jti;
    expect(typeof origin).toBe('string');
    expect(claimsOf(first.IdToken).origin_jti).toBe(origin);

    const second = tokensOf(await passwordSignIn(email, 'Tokens!2345'));
    expect(claimsOf(second.AccessToken).origin_jti).not.toBe(origin);

    const refreshed = (await refresh(first.RefreshToken)).AuthenticationResult!;
    expect(claimsOf(refreshed.AccessToken!).origin_jti).toBe(origin);
    expect(claimsOf(refreshed.IdToken!).origin_jti).toBe(origin);
  });

  it('ends a refresh token with RevokeToken, as Amplify’s signOut does', async () => {
    const email = uniqueEmail('signout');
    await createConfirmedAccount(email, 'SignOut!2345');
    const { RefreshToken } = tokensOf(await passwordSignIn(email, 'SignOut!2345'));
    expect((await refresh(RefreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
    await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: RefreshToken }));
    expect(await providerError(refresh(RefreshToken))).toEqual({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('refreshes the tokens of a sign-in that replaced a temporary password', async () => {
    const email = uniqueEmail('newpass');
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        TemporaryPassword: 'Temp!2345xy',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const challenge = await passwordSignIn(email, 'Temp!2345xy');
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Chosen!2345' },
      }),
    );
    const tokens = tokensOf(done);
    expect(claimsOf(tokens.AccessToken).origin_jti).toBe(claimsOf(tokens.IdToken).origin_jti);
    expect((await refresh(tokens.RefreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses an unknown refresh token', async () => {
    expect(await providerError(refresh('not-a-token'))).toEqual({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });
});
