import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, textField } from './fields';
import { avoidsAccountName, ACCOUNT_NAME_RULE_MESSAGE, passwordSchema } from './password';

/** The spec's rule for identity-provider user names: all whitespace removed, lower-cased. */
export function normalizeUsername(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

const usernameField = textField(320).transform(normalizeUsername).pipe(z.string().min(1, 'A username is required'));

/** POST /users/verify-email: send the user a link that verifies their email address. */
export const verifyEmailBodySchema = bodyObject({ username: usernameField });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z.object({
  /** Where the link went (masked the way the identity provider masks it). */
  destination: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /users/user-verify-email: the signed-in user confirms their email with the code from the link. */
export const userVerifyEmailBodySchema = bodyObject({
  /** The caller's access token (the identity provider verifies the code against it). */
  jwtToken: textField(8192, { min: 1, minMessage: 'An access token is required' }),
  email: textField(320).toLowerCase().pipe(z.email('Enter a valid email address')),
  code: textField(64, { min: 1, minMessage: 'A verification code is required' }),
});
export type UserVerifyEmailBody = z.input<typeof userVerifyEmailBodySchema>;
export const userVerifyEmailResponseSchema = z.object({ email: z.string(), verified: z.literal(true) });
export type UserVerifyEmailResponse = z.infer<typeof userVerifyEmailResponseSchema>;

/** PUT users/set-password: a permanent password for a user (their own, or one they manage). */
export const setPasswordBodySchema = bodyObject({ username: usernameField, password: passwordSchema })
  .superRefine(({ username, password }, ctx) => {
    if (!avoidsAccountName(password, username)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_NAME_RULE_MESSAGE });
    }
  });
export type SetPasswordBody = z.input<typeof setPasswordBodySchema>;
export const setPasswordResponseSchema = z.object({ username: z.string() });

/** POST /users/resend-invite: (re)send the invitation email with a fresh temporary password. */
export const resendInviteBodySchema = bodyObject({
  Username: usernameField,
  /** The app client the invitation link signs in to; must be the configured one. */
  clientId: textField(128, { min: 1, minMessage: 'A client id is required' }),
});
export type ResendInviteBody = z.input<typeof resendInviteBodySchema>;
export const resendInviteResponseSchema = z.object({
  username: z.string(),
  /** Where the invitation went (masked). */
  destination: z.string(),
  /** True when the sign-in account was created by this call. */
  created: z.boolean(),
});
export type ResendInviteResponse = z.infer<typeof resendInviteResponseSchema>;

/** Sign-in account management on the main API. */
export const accountAccessEndpoints = {
  verifyEmail: endpoint({ method: 'POST', path: '/users/verify-email', body: verifyEmailBodySchema, response: verifyEmailResponseSchema }),
  userVerifyEmail: endpoint({ method: 'POST', path: '/users/user-verify-email', body: userVerifyEmailBodySchema, response: userVerifyEmailResponseSchema }),
  setPassword: endpoint({ method: 'PUT', path: '/users/set-password', body: setPasswordBodySchema, response: setPasswordResponseSchema }),
  resendInvite: endpoint({ method: 'POST', path: '/users/resend-invite', body: resendInviteBodySchema, response: resendInviteResponseSchema }),
};
