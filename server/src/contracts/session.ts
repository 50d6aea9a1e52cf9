import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * POST /api/session/sign-out (not in the specification's call list: the console's own call). The
 * app makes it before the identity provider's sign-out, so the sign-in's tokens stop working for
 * the API at once rather than when they expire.
 */
export const SIGN_OUT_PATH = '/session/sign-out';

export const signOutResponseSchema = z.object({
  /** False when the token names no sign-in to revoke (then it stops working only when it expires). */
  revoked: z.boolean(),
});
export type SignOutResponse = z.infer<typeof signOutResponseSchema>;

/**
 * The API's 401 to a user who was deactivated or whose site access was revoked since they signed
 * in (the sign-in screen's wording for a disabled account): the app signs them out and shows it.
 */
export const ACCOUNT_INACTIVE_MESSAGE = 'User account is disabled. Contact your administrator to be reactivated.';

/** Sign-out on the server. */
export const sessionEndpoints = {
  signOut: endpoint({ method: 'POST', path: SIGN_OUT_PATH, response: signOutResponseSchema }),
};
