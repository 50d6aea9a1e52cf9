/**
 * ResendConfirmationCode, which cognito-local 5.3 lacks, as Amazon Cognito answers it: for a user
 * who signed up and has not confirmed yet, a new code replaces the old one and is sent with the
 * 'ResendCode' message; the answer names where it went, masked. An unknown user is
 * UserNotFoundException 'Username/client id combination not found.'; a confirmed one is
 * InvalidParameterException 'User is already confirmed.'. ConfirmSignUp accepts the new code.
 */
import { maskEmail } from '../mask-destination';
import { attributeValue, errors, Targets, type DeliveryDetails } from './internals';

interface ResendConfirmationCodeRequest {
  ClientId: string;
  Username: string;
  ClientMetadata?: Record<string, string>;
}

Targets.ResendConfirmationCode = ({ cognito, clock, messages, otp }) => {
  return async (ctx, req: ResendConfirmationCodeRequest) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new errors.InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const details: DeliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = otp();
    await messages.deliver(ctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, req.ClientMetadata, details);
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return { CodeDeliveryDetails: { ...details, Destination: maskEmail(email) } };
  };
};
