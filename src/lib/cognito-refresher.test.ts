import type { JWT } from 'aws-amplify/auth';
import { describe, expect, it, vi } from 'vitest';
import { createLocalTokenRefresher } from './cognito-refresher';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) => `${b64({ alg: 'none' })}.${b64(payload)}.sig`;
const oldToken = { payload: { exp: 1 }, toString: () => 'old' } as JWT;

describe('local token refresher', () => {
  it('calls InitiateAuth with REFRESH_TOKEN_AUTH and returns decoded tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const access = jwt({ iat: now, exp: now + 3600, sub: 'u1' });
    const id = jwt({ iat: now, exp: now + 3600, email: 'a@b.c' });
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ AuthenticationResult: { AccessToken: access, IdToken: id } }), { status: 200 }),
    );
    const refresh = createLocalTokenRefresher('http://localhost:9229', 'client-1', fetchImpl);
    const tokens = await refresh({ tokens: { accessToken: oldToken, refreshToken: 'r-1', clockDrift: 0, username: 'u' }, username: 'u' });

    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:9229');
    expect(init?.headers).toMatchObject({
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      'Content-Type': 'application/x-amz-json-1.1',
    });
    expect(JSON.parse(String(init?.body))).toEqual({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'client-1', AuthParameters: { REFRESH_TOKEN: 'r-1' } });
    expect(tokens.accessToken.toString()).toBe(access);
    expect(tokens.idToken?.payload.email).toBe('a@b.c');
    // The provider does not rotate refresh tokens: the old one is kept.
    expect(tokens.refreshToken).toBe('r-1');
  });

  it('turns a rejected refresh token into NotAuthorizedException (Amplify then clears the session)', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }), { status: 400 }),
    );
    const refresh = createLocalTokenRefresher('http://localhost:9229', 'c', fetchImpl);
    await expect(refresh({ tokens: { accessToken: oldToken, refreshToken: 'r', clockDrift: 0, username: 'u' }, username: 'u' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('reports an unreachable provider as NetworkError (tokens are kept for later)', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const refresh = createLocalTokenRefresher('http://localhost:9229', 'c', fetchImpl);
    await expect(refresh({ tokens: { accessToken: oldToken, refreshToken: 'r', clockDrift: 0, username: 'u' }, username: 'u' })).rejects.toMatchObject({
      name: 'NetworkError',
    });
  });
});
