/**
 * InitiateAuth as Amazon Cognito answers it (app client with PreventUserExistenceErrors LEGACY,
 * the API's default), where cognito-local 5.3 differs:
 * - an unknown user: UserNotFoundException 'User does not exist.' (cognito-local: NotAuthorizedException);
 * - a disabled user: NotAuthorizedException 'User is disabled.' (cognito-local lets them in);
 * - a wrong password: NotAuthorizedException 'Incorrect username or password.' (cognito-local:
 *   InvalidPasswordException), also for a user who must change a temporary password
 *   (cognito-local returns NEW_PASSWORD_REQUIRED without checking the password at all);
 * - a temporary password older than the pool's TemporaryPasswordValidityDays (default 7, counted
 *   from UserLastModifiedDate, which AdminCreateUser, its RESEND and AdminSetUserPassword set):
 *   NotAuthorizedException 'Temporary password has expired and must be reset by an administrator.';
 * - after five wrong passwords in a row: NotAuthorizedException 'Password attempts exceeded'
 *   while locked out (sign-in-attempts.ts);
 * - REFRESH_TOKEN_AUTH keeps the sign-in's origin_jti (token-origin.ts) and refuses revoked
 *   tokens in Cognito's words (refresh-tokens.ts).
 */
import { isTemporaryPasswordExpired } from './expiry';
import { errors, Targets } from './internals';
import { refreshRefusal } from './refresh-tokens';
import { attemptKey, signInAttempts } from './sign-in-attempts';
import { withRefreshOrigin } from './token-origin';

interface InitiateAuthRequest {
  ClientId: string;
  AuthFlow: string;
  AuthParameters?: { USERNAME?: string; PASSWORD?: string; REFRESH_TOKEN?: string };
}

const initiateAuth = Targets.InitiateAuth;
if (!initiateAuth) throw new Error('cognito-local has no InitiateAuth target');

Targets.InitiateAuth = (services) => {
  const handle = initiateAuth(services);
  return async (ctx, req: InitiateAuthRequest) => {
    if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
      const refreshToken = req.AuthParameters?.REFRESH_TOKEN;
      try {
        return await withRefreshOrigin(refreshToken, () => handle(ctx, req));
      } catch (error) {
        throw refreshRefusal(error, refreshToken);
      }
    }
    const username = req.AuthParameters?.USERNAME;
    if (req.AuthFlow !== 'USER_PASSWORD_AUTH' || !username) return handle(ctx, req);

    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) {
      if (services.triggers.enabled('UserMigration')) return handle(ctx, req);
      throw new errors.UserNotFoundError('User does not exist.');
    }
    const key = attemptKey(pool.options.Id, user.Username);
    if (signInAttempts.isLocked(key)) throw new errors.NotAuthorizedError('Password attempts exceeded');
    if (user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
    // A user who must reset their password is told so whatever they typed (cognito-local's order).
    if (user.UserStatus !== 'RESET_REQUIRED' && user.Password !== req.AuthParameters?.PASSWORD) {
      signInAttempts.fail(key);
      throw new errors.NotAuthorizedError('Incorrect username or password.');
    }
    signInAttempts.succeed(key);
    if (
      user.UserStatus === 'FORCE_CHANGE_PASSWORD' &&
      isTemporaryPasswordExpired(user.UserLastModifiedDate, pool.options.Policies?.PasswordPolicy?.TemporaryPasswordValidityDays)
    ) {
      throw new errors.NotAuthorizedError('Temporary password has expired and must be reset by an administrator.');
    }
    return handle(ctx, req);
  };
};
