import { z } from 'zod';

/** The spec's rule for the sign-in name: all whitespace removed, lower-cased. */
export function normalizeLogin(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

export const signInSchema = z.object({
  login: z.string().transform(normalizeLogin).pipe(z.string().min(1, 'Enter your email or username')),
  password: z.string().min(1, 'Enter your password'),
});
export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
