import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { maskEmail } from '../../identity/mask-destination';
import { withProvider } from '../../identity/provider-errors';
import { linkUserToSubject } from './identity-link.repo';

/**
 * Creates the sign-in account of a user who has none and sends the invitation (a temporary
 * password and the sign-in link), then links the user to the new account's subject: the only
 * account this user will ever sign in as. Used by Add User (site access granted), the import's
 * grantAccess rows and POST /users/resend-invite for a user without an account.
 */
export async function inviteNewAccount(
  deps: { db: Database; identity: IdentityAdmin },
  target: { id: number; userName: string; email: string | null },
  clientId: string,
): Promise<{ destination: string }> {
  const email = target.email ?? (target.userName.includes('@') ? target.userName : null);
  if (!email) throw new HttpError(400, 'This user has no email address to send an invitation to');
  const { sub } = await withProvider(() => deps.identity.invite({ username: target.userName, email, clientMetadata: { clientId } }), {
    InvalidParameterException: 400,
    UsernameExistsException: 409,
    AliasExistsException: 409,
  });
  await linkUserToSubject(deps.db, target.id, sub);
  return { destination: maskEmail(email) };
}
