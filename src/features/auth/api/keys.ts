/** Mutation keys of the authentication screens. */
export const authKeys = {
  all: ['auth'] as const,
  signIn: () => [...authKeys.all, 'sign-in'] as const,
  verifyEmail: () => [...authKeys.all, 'verify-email'] as const,
};
