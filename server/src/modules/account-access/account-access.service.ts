import type {
  ResendInviteResponse,
  UserVerifyEmailResponse,
  VerifyEmailResponse,
} from '../../contracts/account-access';
import type { AppPage } from '../../contracts/page-access';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { IdentityAdmin, IdentityAccount } from '../../identity/identity-admin';
import { maskEmail } from '../../identity/mask-destination';
import type { TokenVerifier } from '../../identity/verifier';
import { mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import { requireNotAbove } from '../../core/acting-on-users';
import { HttpError } from '../../core/http-error';
import { followInvitationAddress, invitationAddress, inviteNewAccount } from '../users';
import { findUserInScope, setUserEmail } from './account-access.repo';
import { withProvider } from '../../identity/provider-errors';

/** The pages from which a user acts on another user's sign-in account (a user may always act on their own). */
export const VERIFY_EMAIL_PAGES: readonly AppPage[] = ['/app/accounts/users', '/app/accounts/access-management'];
export const SET_PASSWORD_PAGES: readonly AppPage[] = ['/app/accounts/users'];
export const INVITE_PAGES: readonly AppPage[] = ['/app/accounts/users', '/app/accounts/access-management'];

const NO_ACCOUNT = 'This user has no sign-in account';
const FOREIGN_ACCOUNT =
  'A sign-in account with this user name already exists at the identity provider but was not created for this user; remove it there before inviting them';

/** True when the provider's account is the one the user row was linked to when the console created it. */
const isLinked = (user: UserRow, account: IdentityAccount) => user.cognitoId !== null && account.sub === user.cognitoId;
// Codes and tokens the user brought: their failures are theirs to fix, in the provider's words.
const CODE_ERRORS = { CodeMismatchException: 400, ExpiredCodeException: 400, LimitExceededException: 400, NotAuthorizedException: 400 };

/** Sign-in account management: email verification, passwords set by an administrator, invitations. */
export function createAccountAccessService({ db, identity, verifier }: { db: Database; identity: IdentityAdmin; verifier: TokenVerifier }) {
  /**
   * The user a caller acts on: themself, or someone inside their scope and not above them
   * (core/acting-on-users.ts) when they may use one of `pages`.
   */
  async function targetOf(caller: Caller, userName: string, pages: readonly AppPage[]): Promise<UserRow> {
    if (userName === caller.user.userName) return caller.user;
    if (!mayUse(caller, ...pages)) throw new HttpError(403, 'You do not have permission to do this');
    // Outside the scope answers as if absent, so a caller cannot probe for users.
    const scope = await caller.scope();
    const target = await findUserInScope(db, scope, caller.user.id, userName);
    if (!target) throw new HttpError(404, 'User not found');
    await requireNotAbove(db, caller, scope, target);
    return target;
  }

  /** The user's own sign-in account: the one under their name whose subject they are linked to. */
  async function accountOf(user: UserRow): Promise<IdentityAccount> {
    const account = await withProvider(() => identity.getAccount(user.userName));
    if (!account || !isLinked(user, account)) throw new HttpError(404, NO_ACCOUNT);
    return account;
  }

  return {
    /** POST /users/verify-email: sends a link that verifies the account's current email. */
    async sendVerificationEmail(caller: Caller, userName: string): Promise<VerifyEmailResponse> {
      const target = await targetOf(caller, userName, VERIFY_EMAIL_PAGES);
      const account = await accountOf(target);
      if (!account.email) throw new HttpError(400, 'This user has no email address to verify');
      const email = account.email;
      await withProvider(() => identity.sendEmailVerification(target.userName, email));
      return { destination: maskEmail(email) };
    },

    /** POST /users/user-verify-email: the caller confirms their email with the code from the link. */
    async verifyOwnEmail(caller: Caller, body: { jwtToken: string; email: string; code: string }): Promise<UserVerifyEmailResponse> {
      const claims = await verifier.verifyAccessToken(body.jwtToken).catch(() => {
        throw new HttpError(400, 'The access token is invalid or has expired');
      });
      if (!caller.user.cognitoId || claims.sub !== caller.user.cognitoId) {
        throw new HttpError(403, 'This access token belongs to another user');
      }
      const account = await withProvider(() => identity.accountOfToken(body.jwtToken), CODE_ERRORS);
      if (account.email?.toLowerCase() !== body.email) {
        throw new HttpError(400, 'This link was sent for a different email address');
      }
      await withProvider(() => identity.verifyEmail(body.jwtToken, body.code), CODE_ERRORS);
      if (caller.user.email !== body.email || caller.user.pendingEmail !== null) await setUserEmail(db, caller.user.id, body.email);
      return { email: body.email, verified: true };
    },

    /** PUT /users/set-password: a permanent password, for the caller or a user they manage. */
    async setPassword(caller: Caller, userName: string, password: string): Promise<{ username: string }> {
      const target = await targetOf(caller, userName, SET_PASSWORD_PAGES);
      await accountOf(target);
      await withProvider(() => identity.setPassword(target.userName, password), { InvalidPasswordException: 400 });
      return { username: target.userName };
    },

    /** POST /users/resend-invite: creates the sign-in account and invites, or invites again. */
    async resendInvite(caller: Caller, userName: string, clientId: string): Promise<ResendInviteResponse> {
      if (clientId !== identity.clientId) throw new HttpError(400, 'Unknown client id');
      if (userName === caller.user.userName) throw new HttpError(400, 'You cannot invite yourself');
      const target = await targetOf(caller, userName, INVITE_PAGES);
      if (!target.active) throw new HttpError(409, 'Reactivate this user before inviting them');
      const clientMetadata = { clientId };
      const account = await withProvider(() => identity.getAccount(target.userName));

      // The address on record, or a pending one given by someone not below the user (modules/users/pending-email.ts).
      const address = await invitationAddress(db, target);
      if (!account) {
        // The sign-in name follows the invitation, and a failed invitation leaves the user as they were.
        return db.transaction(async (tdb) => {
          const invitee = await followInvitationAddress(tdb, target, address);
          const { destination } = await inviteNewAccount({ db: tdb, identity }, { ...invitee, email: address }, clientId);
          return { username: invitee.userName, destination, created: true };
        });
      }
      // An account under this name that the console did not create (or created for someone since
      // removed) must not become this user's: linking it would hand their data to its owner.
      if (!isLinked(target, account)) throw new HttpError(409, FOREIGN_ACCOUNT);

      if (account.status !== 'FORCE_CHANGE_PASSWORD') throw new HttpError(409, 'This user has already set up their account');
      // Access management's "Invite User" re-enables an account that was disabled before it was used.
      if (!account.enabled) await withProvider(() => identity.enable(target.userName));
      let invitee = target;
      if (address && account.email?.toLowerCase() !== address.toLowerCase()) {
        // The account's address moves with the sign-in name, or neither does.
        invitee = await db.transaction(async (tx) => {
          const moved = await followInvitationAddress(tx, target, address);
          await withProvider(() => identity.setInvitationEmail(target.userName, address), { InvalidParameterException: 400, AliasExistsException: 409 });
          return moved;
        });
      }
      await withProvider(() => identity.resendInvitation({ username: invitee.userName, clientMetadata }), {
        InvalidParameterException: 400,
      });
      const email = address ?? account.email ?? invitee.userName;
      return { username: invitee.userName, destination: maskEmail(email), created: false };
    },
  };
}
