/**
 * Refresh tokens as Amazon Cognito handles them, where cognito-local 5.3 differs:
 * - the refresh token RespondToAuthChallenge issues (e.g. after a new password replaces a
 *   temporary one) works for REFRESH_TOKEN_AUTH (cognito-local never stores it);
 * - after RevokeToken, REFRESH_TOKEN_AUTH with that token is NotAuthorizedException 'Refresh
 *   Token has been revoked'; an unknown token is 'Invalid Refresh Token' (cognito-local: 'User
 *   not authorized' for both).
 */
import { errors, Targets, type CognitoErrorInstance } from './internals';

const revoked = new Set<string>();

/** Cognito's refusal of a refresh token that cognito-local refused. */
export function refreshRefusal(error: unknown, refreshToken: string | undefined): unknown {
  if ((error as CognitoErrorInstance).code !== 'NotAuthorizedException' || !refreshToken) return error;
  return new errors.NotAuthorizedError(revoked.has(refreshToken) ? 'Refresh Token has been revoked' : 'Invalid Refresh Token');
}

const revokeToken = Targets.RevokeToken;
const respondToAuthChallenge = Targets.RespondToAuthChallenge;
if (!revokeToken || !respondToAuthChallenge) throw new Error('cognito-local lacks RevokeToken or RespondToAuthChallenge');

Targets.RevokeToken = (services) => {
  const handle = revokeToken(services);
  return async (ctx, req: { Token?: string }) => {
    const answer = await handle(ctx, req);
    if (req.Token) revoked.add(req.Token);
    return answer;
  };
};

Targets.RespondToAuthChallenge = (services) => {
  const handle = respondToAuthChallenge(services);
  return async (ctx, req: { ClientId: string; ChallengeResponses?: { USERNAME?: string } }) => {
    const answer = (await handle(ctx, req)) as { AuthenticationResult?: { RefreshToken?: string } };
    const refreshToken = answer.AuthenticationResult?.RefreshToken;
    const username = req.ChallengeResponses?.USERNAME;
    if (refreshToken && username) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
    }
    return answer;
  };
};
