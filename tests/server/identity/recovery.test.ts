import {
  AdminCreateUserCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import {
  createConfirmedAccount,
  localIdentity,
  mailCount,
  nextMailTo,
  passwordSignIn,
  providerError,
  uniqueEmail,
} from '../helpers/identity';

const { client, clientId, userPoolId } = localIdentity();

const forgotPassword = (email: string, clientMetadata?: Record<string, string>) =>
  client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email, ClientMetadata: clientMetadata }));
const confirmForgotPassword = (email: string, code: string, password: string) =>
  client.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: email, ConfirmationCode: code, Password: password }));

/** Asks for a reset code and reads it from the mail. */
async function resetCode(email: string) {
  const before = mailCount();
  const answer = await forgotPassword(email);
  const mail = await nextMailTo(email, before, 'CustomMessage_ForgotPassword');
  return { answer, mail, code: mail.code! };
}

describe('forgot password on the local provider as on Cognito', () => {
  it('answers where the code went, masked, and mails a reset link', async () => {
    const email = uniqueEmail('forgetful');
    await createConfirmedAccount(email, 'Before!2345');
    const { answer, mail, code } = await resetCode(email);
    expect(answer.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'f***@e***.org' });
    expect(mail.link).toBe(`http://localhost:8080/reset?confirmation_code=${code}&username=${encodeURIComponent(email)}`);
  });

  it('mails the account-setup link when the client asks for the setup flow', async () => {
    const email = uniqueEmail('setup');
    await createConfirmedAccount(email, 'Before!2345');
    const before = mailCount();
    await forgotPassword(email, { flow: 'setup' });
    const mail = await nextMailTo(email, before, 'CustomMessage_ForgotPassword');
    expect(mail.link).toMatch(/^http:\/\/localhost:8080\/account-setup\?confirmation_code=\d{6}&username=/);
  });

  it('refuses an unknown user in Cognito’s words', async () => {
    expect(await providerError(forgotPassword(uniqueEmail('unknown')))).toEqual({
      name: 'UserNotFoundException',
      message: 'Username/client id combination not found.',
    });
  });

  it('does not reset a password that is still temporary', async () => {
    const email = uniqueEmail('invited');
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    expect(await providerError(forgotPassword(email))).toEqual({
      name: 'NotAuthorizedException',
      message: 'User password cannot be reset in the current state.',
    });
  });

  it('takes the code once: a wrong one is a mismatch, a used one has expired', async () => {
    const email = uniqueEmail('resetter');
    await createConfirmedAccount(email, 'Before!2345');
    const { code } = await resetCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await providerError(confirmForgotPassword(email, wrong, 'After!23456'))).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    await confirmForgotPassword(email, code, 'After!23456');
    expect((await passwordSignIn(email, 'After!23456')).AuthenticationResult?.AccessToken).toBeTruthy();
    expect(await providerError(confirmForgotPassword(email, code, 'Again!23456'))).toEqual({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('treats a code that was never requested as expired', async () => {
    const email = uniqueEmail('never');
    await createConfirmedAccount(email, 'Before!2345');
    expect((await providerError(confirmForgotPassword(email, '123456', 'After!23456'))).name).toBe('ExpiredCodeException');
  });
});

describe('confirmation codes on the local provider as on Cognito', () => {
  const signUp = (email: string) =>
    client.send(
      new SignUpCommand({ ClientId: clientId, Username: email, Password: 'SignUp!2345', UserAttributes: [{ Name: 'email', Value: email }] }),
    );
  const resendCode = (email: string) => client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));

  it('re-sends a new code that confirms the account, in place of the old one', async () => {
    const email = uniqueEmail('signup');
    let before = mailCount();
    await signUp(email);
    const first = await nextMailTo(email, before, 'CustomMessage_SignUp');
    before = mailCount();
    const answer = await resendCode(email);
    expect(answer.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 's***@e***.org' });
    const mail = await nextMailTo(email, before, 'CustomMessage_ResendCode');
    expect(mail.link).toBe(`http://localhost:8080/account-auth?username=${encodeURIComponent(email)}&code=${mail.code}`);
    if (first.code !== mail.code) {
      expect((await providerError(client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: first.code! })))).name).toBe(
        'CodeMismatchException',
      );
    }
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: mail.code! }));
    expect((await passwordSignIn(email, 'SignUp!2345')).AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await providerError(resendCode(email))).name).toBe('InvalidParameterException');
  });

  it('refuses an unknown user in Cognito’s words', async () => {
    expect(await providerError(resendCode(uniqueEmail('nobody')))).toEqual({
      name: 'UserNotFoundException',
      message: 'Username/client id combination not found.',
    });
  });
});
