import { normalizeUsername } from '@contracts/account-access';
import { z } from 'zod';

/** The spec's rule for the sign-in name (the same as the server's): all whitespace removed, lower-cased. */
export const normalizeLogin = normalizeUsername;

export const signInSchema = z.object({
  login: z.string().transform(normalizeLogin).pipe(z.string().min(1, 'Enter your email or username')),
  password: z.string().min(1, 'Enter your password'),
});
export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
