import { CREATE_USER_ERRORS } from '../../contracts/users-admin';
import { isAboveUser } from '../../core/acting-on-users';
import { uniqueViolationOf } from '../../core/database-error';
import { HttpError } from '../../core/http-error';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { emailTaken, setUserFields, userNameTaken } from './users-admin.repo';
import { findUser } from './users.repo';

// An email address is always proven by its owner (docs/PERMISSIONS.md 'Acting on another user').
// A user who signs in proves a new one through the verification link sent to it. A user who has
// not signed in yet (no sign-in account, or an invitation not yet accepted) keeps the address on
// record; one someone else gives them waits as `pending_email`, the invitation goes to it, and
// it becomes the address on record once that invitation is accepted.

const PENDING_CLEARED = { pendingEmail: null, pendingEmailBy: null } as const;

/** The address on record, or the sign-in name when it is one. */
export const addressOnRecord = (user: Pick<UserRow, 'email' | 'userName'>): string | null =>
  user.email ?? (user.userName.includes('@') ? user.userName : null);

/**
 * Where an invitation to `target` goes: the pending address, when whoever gave it is still
 * active and not below the user; else the address on record. Someone below the user, or whose
 * reach the user has since outgrown, never redirects their invitation.
 */
export async function invitationAddress(db: Database, target: UserRow): Promise<string | null> {
  if (target.pendingEmail !== null && target.pendingEmailBy !== null) {
    const setter = await findUser(db, target.pendingEmailBy);
    if (setter?.active && !(await isAboveUser(db, setter, target))) return target.pendingEmail;
  }
  return addressOnRecord(target);
}

/**
 * The user as an invitation to `address` leaves them. A pool that signs in by email (as the local
 * provider's does, and as Add User assumes: with site access the user name is the address) makes
 * the invitation's address the sign-in name, so a user whose sign-in name is their address on
 * record takes the pending address as their sign-in name when the invitation goes there; the
 * address on record stays until the invitation is accepted. 409 when another user has that name.
 */
export async function followInvitationAddress(db: Database, target: UserRow, address: string | null): Promise<UserRow> {
  const follows = address !== null && address !== target.userName && target.userName === addressOnRecord(target);
  if (!follows) return target;
  if (await userNameTaken(db, address, target.id)) throw new HttpError(409, CREATE_USER_ERRORS.emailTaken);
  try {
    return (await setUserFields(db, target.id, { userName: address })) ?? target;
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw new HttpError(409, CREATE_USER_ERRORS.emailTaken);
    throw error;
  }
}

/**
 * Settles a pending address once the user has signed in: the invitation sent to it was accepted
 * when the account (set up, no longer on its temporary password) holds it verified, and it
 * becomes the address on record; a verification link still on its way leaves it pending; any
 * other address means the invitation went elsewhere, and the pending one is dropped. Called as
 * the app loads the session; a provider failure leaves it for the next time.
 */
export async function settlePendingEmail(db: Database, identity: IdentityAdmin, user: UserRow): Promise<void> {
  const pending = user.pendingEmail;
  if (pending === null || user.cognitoId === null) return;
  const account = await identity.getAccount(user.userName).catch(() => null);
  if (!account || account.sub !== user.cognitoId || account.status === 'FORCE_CHANGE_PASSWORD') return;
  const holds = account.email?.toLowerCase() === pending.toLowerCase();
  if (holds && !account.emailVerified) return;
  const apply = holds && !(await emailTaken(db, pending, user.id));
  await setUserFields(db, user.id, apply ? { email: pending, ...PENDING_CLEARED } : PENDING_CLEARED);
}
