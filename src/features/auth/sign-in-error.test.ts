import { describe, expect, it } from 'vitest';
import { INCORRECT_CREDENTIALS, signInErrorMessage } from './sign-in-error';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('sign-in error message', () => {
  it('maps wrong credentials and unknown users to the spec text', () => {
    expect(signInErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(INCORRECT_CREDENTIALS);
    expect(signInErrorMessage(named('UserNotFoundException', 'User does not exist.'))).toBe(INCORRECT_CREDENTIALS);
  });

  it('keeps the raw message of everything else', () => {
    expect(signInErrorMessage(named('NotAuthorizedException', 'User is disabled.'))).toBe('User is disabled.');
    expect(signInErrorMessage(named('NetworkError', 'Failed to fetch'))).toBe('Failed to fetch');
  });
});
