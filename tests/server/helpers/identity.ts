import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { readMailbox, waitForMail, type Mail } from '../../../server/src/identity/mailbox';
import { localCognitoClient } from '../../../server/src/identity/provision';

/** The running local identity provider of the server tests, with an SDK client for it. */
export function localIdentity() {
  const identity = inject('identity');
  return { ...identity, client: localCognitoClient(identity.endpoint) };
}

/** An address no other test uses, so each test has accounts of its own. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.org`;
}

/** The name and message an identity-provider call failed with (fails the test if it succeeded). */
export async function providerError(call: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('expected the identity provider to refuse');
}

/** Creates an account that has chosen its own password (no email is sent); answers its subject. */
export async function createConfirmedAccount(email: string, password: string): Promise<string> {
  const { client, userPoolId } = localIdentity();
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`the account ${email} has no subject`);
  return sub;
}

/** The subject of an existing account of the local provider. */
export async function subjectOfAccount(username: string): Promise<string> {
  const { client, userPoolId } = localIdentity();
  const account = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  const sub = account.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`the account ${username} has no subject`);
  return sub;
}

/** Signs in with a password; the answer may be a challenge instead of tokens. */
export function passwordSignIn(email: string, password: string) {
  const { client, clientId } = localIdentity();
  return client.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
}

/** Tokens of a completed sign-in. */
export function tokensOf(result: { AuthenticationResult?: AuthenticationResultType }): Required<
  Pick<AuthenticationResultType, 'AccessToken' | 'IdToken' | 'RefreshToken'>
> {
  const auth = result.AuthenticationResult;
  if (!auth?.AccessToken || !auth.IdToken || !auth.RefreshToken) throw new Error('no tokens in the answer');
  return { AccessToken: auth.AccessToken, IdToken: auth.IdToken, RefreshToken: auth.RefreshToken };
}

/** The claims of a JWT, unverified. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** How many mails the outbox holds now: pass it to `nextMailTo` to wait for a newer one. */
export function mailCount(): number {
  return readMailbox(localIdentity().mailbox).length;
}

/** The first mail to `to` sent after the outbox held `after` mails. */
export function nextMailTo(to: string, after = 0, source?: string): Promise<Mail> {
  return waitForMail(
    localIdentity().mailbox,
    (mail, index) => index >= after && mail.to === to && (source === undefined || mail.source === source),
    10_000,
  );
}
