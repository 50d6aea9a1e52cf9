import { describe, expect, it } from 'vitest';
import { buildCustomMessage, CODE_PLACEHOLDER, type CustomMessageInput } from '../../../server/src/identity/custom-message';

const base: CustomMessageInput = {
  triggerSource: 'CustomMessage_AdminCreateUser',
  code: 'Ab3!x&y#9%',
  username: 'jane.doe@stmarys.example',
  userAttributes: { email: 'jane.doe@stmarys.example', sub: '5f0c…' },
  appUrl: 'https://console.lavo.health/',
};

describe('the CustomMessage trigger', () => {
  it('invites with a link that ends with the temporary password', () => {
    const message = buildCustomMessage(base);
    expect(message.link).toBe(
      `https://console.lavo.health/auth?username=jane.doe%40stmarys.example&temp_pass=${encodeURIComponent(base.code)}`,
    );
    expect(message.emailSubject).toBe('You are invited to Lavo');
    expect(message.emailMessage).toContain(base.code);
    expect(message.emailMessage).toContain(message.link!);
  });

  it('names a user of a sign-in-by-email pool by their email, not their sub', () => {
    const message = buildCustomMessage({ ...base, username: 'sub-1', userAttributes: { sub: 'sub-1', email: 'a@b.org' } });
    expect(message.link).toContain('username=a%40b.org&');
    expect(message.emailMessage).toContain('Your username: a@b.org');
  });

  it('sends a reset link, or an account-setup link for the setup flow', () => {
    const input = { ...base, triggerSource: 'CustomMessage_ForgotPassword', code: '123456' };
    expect(buildCustomMessage(input).link).toBe(
      'https://console.lavo.health/reset?confirmation_code=123456&username=jane.doe%40stmarys.example',
    );
    const setup = buildCustomMessage({ ...input, clientMetadata: { flow: 'setup' } });
    expect(setup.link).toBe('https://console.lavo.health/account-setup?confirmation_code=123456&username=jane.doe%40stmarys.example');
    expect(setup.emailSubject).toBe('Set up your Lavo account');
  });

  it('sends the confirmation link for sign-up and for a resent code', () => {
    for (const triggerSource of ['CustomMessage_SignUp', 'CustomMessage_ResendCode']) {
      const message = buildCustomMessage({ ...base, triggerSource, code: '654321' });
      expect(message.link).toBe('https://console.lavo.health/account-auth?username=jane.doe%40stmarys.example&code=654321');
      expect(message.emailMessage).toContain('654321');
    }
  });

  it('sends the email verification link for attribute updates and verification requests', () => {
    for (const triggerSource of ['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute']) {
      const message = buildCustomMessage({ ...base, triggerSource, code: '111222' });
      expect(message.link).toBe('https://console.lavo.health/auth?verification_code=111222&email=jane.doe%40stmarys.example');
    }
  });

  it('leaves Cognito’s code placeholder unencoded, so Cognito can fill it in', () => {
    const message = buildCustomMessage({ ...base, code: CODE_PLACEHOLDER });
    expect(message.link).toMatch(/&temp_pass=\{####\}$/);
  });

  it('sends only the code for any other source', () => {
    const message = buildCustomMessage({ ...base, triggerSource: 'CustomMessage_Authentication', code: '999000' });
    expect(message.link).toBeNull();
    expect(message.emailMessage).toContain('999000');
  });
});
