import {
  AdminCreateUserCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { passwordSchema } from '../../../server/src/contracts/password';
import {
  createConfirmedAccount,
  localIdentity,
  mailCount,
  nextMailTo,
  passwordSignIn,
  providerError,
  uniqueEmail,
} from '../helpers/identity';

/** Invites a new user with a generated temporary password and returns it from the invitation mail. */
async function invite(email: string): Promise<string> {
  const { client, userPoolId } = localIdentity();
  const before = mailCount();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const mail = await nextMailTo(email, before, 'CustomMessage_AdminCreateUser');
  return mail.code!;
}

function resend(email: string) {
  const { client, userPoolId } = localIdentity();
  return client.send(
    new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }),
  );
}

describe('signing in to the local provider as to Cognito', () => {
  it('refuses an unknown user with UserNotFoundException', async () => {
    expect(await providerError(passwordSignIn(uniqueEmail('nobody'), 'Whatever!1'))).toEqual({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });

  it('checks a temporary password before asking for a new one', async () => {
    const email = uniqueEmail('invitee');
    const temporary = await invite(email);
    expect(passwordSchema.safeParse(temporary).success).toBe(true);
    expect(await providerError(passwordSignIn(email, 'Wrong!Pass1'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await passwordSignIn(email, temporary)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('refuses a temporary password older than the pool allows', async () => {
    const { client } = localIdentity();
    // A pool of its own whose temporary passwords last 0 days, so the shared pool stays as it is.
    const pool = await client.send(
      new CreateUserPoolCommand({ PoolName: 'expiry', Policies: { PasswordPolicy: { TemporaryPasswordValidityDays: 0 } } }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const app = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'expiry', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
    );
    const email = uniqueEmail('late');
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        TemporaryPassword: 'Temp!2345x',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await new Promise((r) => setTimeout(r, 20));
    const signIn = client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: app.UserPoolClient!.ClientId!,
        AuthParameters: { USERNAME: email, PASSWORD: 'Temp!2345x' },
      }),
    );
    expect(await providerError(signIn)).toEqual({
      name: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    });
  });

  it('re-sends an invitation with a new temporary password that signs in, and the old one no longer does', async () => {
    const email = uniqueEmail('reinvite');
    const first = await invite(email);
    const before = mailCount();
    const answer = await resend(email);
    expect(answer.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const mail = await nextMailTo(email, before, 'CustomMessage_AdminCreateUser');
    expect(mail.code).not.toBe(first);
    expect(mail.link).toMatch(/\/auth\?username=[^&]+&temp_pass=[^&]+$/);
    expect((await passwordSignIn(email, mail.code!)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect((await providerError(passwordSignIn(email, first))).name).toBe('NotAuthorizedException');
  });

  it('does not re-invite an unknown user or one who already chose a password', async () => {
    expect((await providerError(resend(uniqueEmail('ghost')))).name).toBe('UserNotFoundException');
    const email = uniqueEmail('settled');
    await createConfirmedAccount(email, 'Settled!2345');
    expect((await providerError(resend(email))).name).toBe('UnsupportedUserStateException');
  });

  it('suspends sign-in after five wrong passwords in a row, even with the right one', async () => {
    const email = uniqueEmail('locked');
    await createConfirmedAccount(email, 'Right!2345x');
    for (let i = 0; i < 5; i++) {
      expect((await providerError(passwordSignIn(email, `Wrong!${i}aaaa`))).message).toBe('Incorrect username or password.');
    }
    expect(await providerError(passwordSignIn(email, 'Right!2345x'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('forgets wrong passwords after a successful sign-in', async () => {
    const email = uniqueEmail('recovered');
    await createConfirmedAccount(email, 'Right!2345x');
    for (let i = 0; i < 4; i++) await providerError(passwordSignIn(email, 'Wrong!2345x'));
    expect((await passwordSignIn(email, 'Right!2345x')).AuthenticationResult?.AccessToken).toBeTruthy();
    for (let i = 0; i < 4; i++) await providerError(passwordSignIn(email, 'Wrong!2345x'));
    expect((await passwordSignIn(email, 'Right!2345x')).AuthenticationResult?.AccessToken).toBeTruthy();
  });
});
