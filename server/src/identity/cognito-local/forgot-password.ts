/**
 * ForgotPassword and ConfirmForgotPassword as Amazon Cognito answers them, where cognito-local
 * 5.3 differs:
 * - an unknown user: UserNotFoundException 'Username/client id combination not found.';
 * - a user who still has to replace a temporary password cannot reset it: NotAuthorizedException
 *   'User password cannot be reset in the current state.';
 * - CodeDeliveryDetails.Destination is masked ('j***@e***.com'), not the whole address;
 * - a code is good once and for one hour: with none pending (already used, or never requested)
 *   or an older one, ExpiredCodeException 'Invalid code provided, please request a code again.';
 *   a wrong one is CodeMismatchException 'Invalid verification code provided, please try again.'.
 * A successful reset also ends a sign-in lockout.
 */
import { maskEmail } from '../mask-destination';
import { CODE_MISMATCH_MESSAGE } from './error-wording';
import { isResetCodeExpired } from './expiry';
import { errors, Targets, type Context, type DeliveryDetails, type UserPool } from './internals';
import { attemptKey, signInAttempts } from './sign-in-attempts';

const USER_NOT_FOUND = 'Username/client id combination not found.';

const forgotPassword = Targets.ForgotPassword;
const confirmForgotPassword = Targets.ConfirmForgotPassword;
if (!forgotPassword || !confirmForgotPassword) throw new Error('cognito-local has no ForgotPassword targets');

/** Sets or clears when the pending reset code was issued, on the user as stored now. */
async function markResetCode(ctx: Context, pool: UserPool, username: string, issuedAt: string | undefined) {
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) return;
  const { PasswordResetCodeIssuedAt: _previous, ...rest } = user;
  await pool.saveUser(ctx, issuedAt ? { ...rest, PasswordResetCodeIssuedAt: issuedAt } : rest);
}

Targets.ForgotPassword = (services) => {
  const handle = forgotPassword(services);
  return async (ctx, req: { ClientId: string; Username: string }) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError(USER_NOT_FOUND);
    if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
      throw new errors.NotAuthorizedError('User password cannot be reset in the current state.');
    }
    const answer = (await handle(ctx, req)) as { CodeDeliveryDetails: DeliveryDetails };
    await markResetCode(ctx, pool, user.Username, services.clock.get().toISOString());
    const details = answer.CodeDeliveryDetails;
    return { CodeDeliveryDetails: { ...details, Destination: maskEmail(details.Destination) } };
  };
};

Targets.ConfirmForgotPassword = (services) => {
  const handle = confirmForgotPassword(services);
  return async (ctx, req: { ClientId: string; Username: string; ConfirmationCode: string }) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError(USER_NOT_FOUND);
    if (!user.ConfirmationCode || isResetCodeExpired(user.PasswordResetCodeIssuedAt, services.clock.get().getTime())) {
      throw new errors.ExpiredCodeError();
    }
    if (user.ConfirmationCode !== req.ConfirmationCode) {
      throw new errors.CognitoError('CodeMismatchException', CODE_MISMATCH_MESSAGE);
    }
    const answer = await handle(ctx, req);
    await markResetCode(ctx, pool, user.Username, undefined);
    signInAttempts.succeed(attemptKey(pool.options.Id, user.Username));
    return answer;
  };
};
