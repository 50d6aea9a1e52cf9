export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

// Cognito reports these as NotAuthorizedException too, but they are not a wrong password;
// they keep their own message until the full error table is built.
const NOT_A_WRONG_PASSWORD = ['User is disabled.', 'Password attempts exceeded'];

/** The message the sign-in screen shows for a failed sign-in. */
export function signInErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (NOT_A_WRONG_PASSWORD.some((known) => message.startsWith(known))) return message;
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException' || message === 'User does not exist.') {
    return INCORRECT_CREDENTIALS;
  }
  return message || 'uh oh something went wrong';
}
