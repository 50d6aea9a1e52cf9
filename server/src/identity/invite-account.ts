import { HttpError } from '../core/http-error';
import type { IdentityAdmin } from './identity-admin';
import { maskEmail } from './mask-destination';

/** What an invitation of a new account answers. */
export interface InvitedAccount {
  username: string;
  destination: string;
  created: true;
}

/**
 * Creates the sign-in account of a user who has none, sends the invitation, and links the user to
 * the new account with `link`. `provider` wraps each call to the identity provider (how its errors
 * are told to the caller); `shown` are the provider errors that caller shows in its own words.
 */
export async function inviteNewAccount(
  identity: IdentityAdmin,
  target: { id: number; userName: string; email: string | null },
  opts: {
    clientMetadata: Record<string, string>;
    link: (userId: number, sub: string) => Promise<void>;
    provider?: <T>(run: () => Promise<T>, shown?: Readonly<Record<string, number>>) => Promise<T>;
  },
): Promise<InvitedAccount> {
  const provider = opts.provider ?? (<T>(run: () => Promise<T>) => run());
  const email = target.email ?? (target.userName.includes('@') ? target.userName : null);
  if (!email) throw new HttpError(400, 'This user has no email address to send an invitation to');
  const { sub } = await provider(() => identity.invite({ username: target.userName, email, clientMetadata: opts.clientMetadata }), {
    InvalidParameterException: 400,
    UsernameExistsException: 409,
    AliasExistsException: 409,
  });
  // The account the console just created is the only one this user will ever sign in as.
  await opts.link(target.id, sub);
  return { username: target.userName, destination: maskEmail(email), created: true };
}
