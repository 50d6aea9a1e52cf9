import { AuthError, decodeJWT } from 'aws-amplify/auth';
import type { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];

interface InitiateAuthAnswer {
  AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
}

/**
 * Builds a token refresher that calls InitiateAuth with REFRESH_TOKEN_AUTH at `endpoint`.
 * The local identity provider lacks GetTokensFromRefreshToken, which Amplify's own refresher uses.
 */
export function createLocalTokenRefresher(endpoint: string, clientId: string, fetchImpl: typeof fetch = fetch): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) {
      throw new AuthError({ name: 'NotAuthorizedException', message: 'No refresh token is stored.' });
    }
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: clientId,
          AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
        }),
      });
    } catch (cause) {
      // Named NetworkError so Amplify keeps the stored tokens (only auth failures clear them).
      throw new AuthError({ name: 'NetworkError', message: 'The identity provider is unreachable.', underlyingError: cause });
    }
    const body = (await response.json().catch(() => ({}))) as InitiateAuthAnswer & { __type?: string; message?: string };
    if (!response.ok) {
      // Cognito names the error in __type, sometimes prefixed with a namespace ('…#NotAuthorizedException').
      const name = body.__type?.split('#').pop() ?? 'UnknownError';
      throw new AuthError({ name, message: body.message ?? `Token refresh failed (HTTP ${response.status}).` });
    }
    const result = body.AuthenticationResult;
    if (!result?.AccessToken) {
      throw new AuthError({ name: 'UnknownError', message: 'Token refresh returned no access token.' });
    }
    const accessToken = decodeJWT(result.AccessToken);
    const issuedAt = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      // Same drift rule as Amplify's refresher: server clock minus local clock.
      clockDrift: issuedAt * 1000 - Date.now(),
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      username,
    };
  };
}
