import { randomInt } from 'node:crypto';
import { avoidsAccountName, passwordSchema } from '../contracts/password';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
// A subset of the allowed specials: '#', '%' and '&' would have to be escaped in the invitation
// link, and Cognito puts the password into the link as it is (the client reads it from the tail).
const SPECIALS = '!@$^*';
const ALL = UPPER + LOWER + DIGITS + SPECIALS;

const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length));

/**
 * A random temporary password of `length` characters that meets every rule of the app's password
 * policy (contracts/password.ts) and does not contain the account's name.
 */
export function generateTemporaryPassword(username?: string, length = 12): string {
  for (;;) {
    const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIALS)];
    while (chars.length < length) chars.push(pick(ALL));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    const password = chars.join('');
    if (passwordSchema.safeParse(password).success && avoidsAccountName(password, username)) return password;
  }
}
