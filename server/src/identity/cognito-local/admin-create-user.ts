/**
 * AdminCreateUser as Amazon Cognito answers it, where cognito-local 5.3 differs:
 * - a generated temporary password meets the pool's password rules (cognito-local makes 6
 *   characters from a short-uuid alphabet; ours follow contracts/password.ts);
 * - MessageAction 'RESEND' (cognito-local: unsupported) re-invites a user who has not chosen a
 *   password yet: a new temporary password (or the given TemporaryPassword), a fresh
 *   UserLastModifiedDate (so the password's validity starts again) and the 'AdminCreateUser'
 *   message again; the answer is the user. For an unknown user it is UserNotFoundException
 *   'User does not exist.'; for a user in any other state UnsupportedUserStateException. That
 *   message's wording is Cognito's as far as we know it ('Resend not possible. {username} status
 *   is {status}'); it is not confirmed against Cognito's reference, so callers match the type.
 */
import { generateTemporaryPassword } from '../temporary-password';
import {
  attributeValue,
  errors,
  Targets,
  userToResponseObject,
  type Context,
  type DeliveryDetails,
  type Handler,
  type Services,
  type StoredUser,
} from './internals';

interface AdminCreateUserRequest {
  UserPoolId: string;
  Username: string;
  TemporaryPassword?: string;
  MessageAction?: 'RESEND' | 'SUPPRESS';
  DesiredDeliveryMediums?: ('EMAIL' | 'SMS')[];
  ClientMetadata?: Record<string, string>;
}

const adminCreateUser = Targets.AdminCreateUser;
if (!adminCreateUser) throw new Error('cognito-local has no AdminCreateUser target');

/** Where the invitation goes, chosen as cognito-local's AdminCreateUser chooses (SMS first, then email). */
function deliveryFor(mediums: readonly string[], user: StoredUser): DeliveryDetails {
  const phone = attributeValue('phone_number', user.Attributes);
  if (mediums.includes('SMS') && phone) return { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone };
  const email = attributeValue('email', user.Attributes);
  if (mediums.includes('EMAIL') && email) return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
  throw new errors.InvalidParameterError('User has no attribute matching desired delivery mediums');
}

async function resendInvitation({ cognito, clock, messages }: Services, ctx: Context, req: AdminCreateUserRequest) {
  const pool = await cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (!user) throw new errors.UserNotFoundError('User does not exist.');
  if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
    throw new errors.CognitoError(
      'UnsupportedUserStateException',
      `Resend not possible. ${user.Username} status is ${user.UserStatus ?? 'UNKNOWN'}`,
    );
  }
  // In a pool that signs in by email the Username is the sub: the name to keep out is the email.
  const password = req.TemporaryPassword ?? generateTemporaryPassword(attributeValue('email', user.Attributes) ?? user.Username);
  const updated: StoredUser = { ...user, Password: password, UserLastModifiedDate: clock.get() };
  const delivery = deliveryFor(req.DesiredDeliveryMediums ?? ['SMS'], updated);
  await pool.saveUser(ctx, updated);
  await messages.deliver(ctx, 'AdminCreateUser', null, pool.options.Id, updated, password, req.ClientMetadata, delivery);
  return { User: userToResponseObject(updated) };
}

Targets.AdminCreateUser = (services): Handler => {
  const handle = adminCreateUser(services);
  return async (ctx, req: AdminCreateUserRequest) => {
    if (req.MessageAction === 'RESEND') return resendInvitation(services, ctx, req);
    return handle(ctx, { ...req, TemporaryPassword: req.TemporaryPassword ?? generateTemporaryPassword(req.Username) });
  };
};
