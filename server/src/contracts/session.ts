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

/** Sign-out on the server. */
export const sessionEndpoints = {
  signOut: endpoint({ method: 'POST', path: SIGN_OUT_PATH, response: signOutResponseSchema }),
};
