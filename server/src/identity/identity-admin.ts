import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  ListUsersCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';

/** A sign-in account as the identity provider holds it. */
export interface IdentityAccount {
  /** The provider's user name (in a pool that signs in by email, the user's sub). */
  username: string;
  /** The account's subject: what a user row is linked by. */
  sub: string | null;
  /** UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED, … */
  status: string;
  enabled: boolean;
  email: string | null;
  /** Whether the provider holds `email` as verified (an invitation's address is: it went there). */
  emailVerified: boolean;
}

/** The administrative operations of the identity provider the API uses, and the app client it serves. */
export interface IdentityAdmin {
  clientId: string;
  /** The account signing in as `username`, or null when there is none. */
  getAccount(username: string): Promise<IdentityAccount | null>;
  /**
   * The accounts whose subjects are in `subs`, by subject: one listing of the pool, page by page
   * (60 a call, the provider's most), stopping once every one is found.
   */
  accountsBySub(subs: readonly string[]): Promise<Map<string, IdentityAccount>>;
  /** Creates an account and sends the invitation with a temporary password; answers the new account's subject. */
  invite(opts: { username: string; email: string; clientMetadata?: Record<string, string> }): Promise<{ sub: string }>;
  /** Sends the invitation again with a new temporary password (the account must not have a password of its own yet). */
  resendInvitation(opts: { username: string; clientMetadata?: Record<string, string> }): Promise<void>;
  enable(username: string): Promise<void>;
  /** Stops the account signing in or refreshing its tokens (Access Management's Revoke Access). */
  disable(username: string): Promise<void>;
  setPassword(username: string, password: string): Promise<void>;
  /** Sets the address a not yet accepted invitation goes to (verified: the temporary password is sent there). */
  setInvitationEmail(username: string, email: string): Promise<void>;
  /** Marks the email unverified, which makes the provider send a verification code to it. */
  sendEmailVerification(username: string, email: string): Promise<void>;
  /** Who an access token belongs to (asked of the provider, authorized by the token itself). */
  accountOfToken(accessToken: string): Promise<{ username: string; email: string | null }>;
  /** Verifies the token's user's email with the code sent to it. */
  verifyEmail(accessToken: string, code: string): Promise<void>;
}

const attribute = (attributes: { Name?: string; Value?: string }[] | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value ?? null;

/**
 * The identity provider's admin API for one user pool: Amazon Cognito with the SDK's default
 * credential chain, or, with `endpoint`, a local Cognito-compatible provider (which accepts any
 * credentials). SDK errors pass through with Cognito's names (UserNotFoundException, …).
 */
export function createIdentityAdmin(opts: { region: string; userPoolId: string; clientId: string; endpoint?: string }): IdentityAdmin {
  const client = new CognitoIdentityProviderClient({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const UserPoolId = opts.userPoolId;
  return {
    clientId: opts.clientId,
    async getAccount(username) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
        return {
          username: user.Username ?? username,
          sub: attribute(user.UserAttributes, 'sub'),
          status: user.UserStatus ?? 'UNKNOWN',
          enabled: user.Enabled !== false,
          email: attribute(user.UserAttributes, 'email'),
          emailVerified: attribute(user.UserAttributes, 'email_verified') === 'true',
        };
      } catch (error) {
        if ((error as Error).name === 'UserNotFoundException') return null;
        throw error;
      }
    },
    async accountsBySub(subs) {
      const wanted = new Set(subs);
      const found = new Map<string, IdentityAccount>();
      let PaginationToken: string | undefined;
      while (wanted.size > found.size) {
        const page = await client.send(new ListUsersCommand({ UserPoolId, Limit: 60, PaginationToken }));
        for (const user of page.Users ?? []) {
          const sub = attribute(user.Attributes, 'sub');
          if (!sub || !wanted.has(sub)) continue;
          found.set(sub, {
            username: user.Username ?? '',
            sub,
            status: user.UserStatus ?? 'UNKNOWN',
            enabled: user.Enabled !== false,
            email: attribute(user.Attributes, 'email'),
            emailVerified: attribute(user.Attributes, 'email_verified') === 'true',
          });
        }
        PaginationToken = page.PaginationToken;
        if (!PaginationToken) break;
      }
      return found;
    },
    async invite({ username, email, clientMetadata }) {
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: username,
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
          ClientMetadata: clientMetadata,
        }),
      );
      const sub = attribute(created.User?.Attributes, 'sub');
      if (!sub) throw new Error('The identity provider created an account without a subject');
      return { sub };
    },
    async resendInvitation({ username, clientMetadata }) {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: username,
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
          ClientMetadata: clientMetadata,
        }),
      );
    },
    async enable(username) {
      await client.send(new AdminEnableUserCommand({ UserPoolId, Username: username }));
    },
    async disable(username) {
      await client.send(new AdminDisableUserCommand({ UserPoolId, Username: username }));
    },
    async setPassword(username, password) {
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: password, Permanent: true }));
    },
    async setInvitationEmail(username, email) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId,
          Username: username,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },
    async sendEmailVerification(username, email) {
      // Cognito sends a code when email is an auto-verified attribute and it becomes unverified.
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId,
          Username: username,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'false' },
          ],
        }),
      );
    },
    async accountOfToken(accessToken) {
      const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
      return { username: user.Username ?? '', email: attribute(user.UserAttributes, 'email') };
    },
    async verifyEmail(accessToken, code) {
      await client.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));
    },
  };
}
