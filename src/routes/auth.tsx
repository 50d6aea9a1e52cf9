import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';
import { readInvitation } from '@/features/auth/links';
import { returnPath } from '@/features/auth/return-path';
import { addressText } from '@/lib/address-search';
import { getSession } from '@/lib/auth';
import { clearQueryData } from '@/lib/query-client';
import { rootRoute } from './root';


const authSearchSchema = z.object({
  verification_code: addressText,
  email: addressText,
  username: addressText,
  temp_pass: addressText,
  /** The /app address to return to once signed in (see returnPath). */
  redirect: addressText,
});

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  validateSearch: authSearchSchema,
  beforeLoad: async ({ search }) => {
    // The raw address: the router's own copy re-encodes the query, which would cut a raw temporary password.
    const invitation = typeof window === 'undefined' ? null : readInvitation(window.location.href);
    const verification = search.verification_code && search.email ? { code: search.verification_code, email: search.email } : null;
    const signedIn = (await getSession()) !== null;
    const destination = returnPath(search.redirect) ?? '/app';
    if (signedIn && !verification && !invitation) throw redirect({ href: destination, replace: true });
    return { invitation, verification, signedIn, destination };
  },
  component: AuthPage,
});

function AuthPage() {
  const navigate = useNavigate();
  const { invitation, verification, signedIn, destination } = authRoute.useRouteContext();
  const enterApp = useCallback(async () => {
    // Whatever was cached belonged to the previous session.
    await clearQueryData();
    await navigate({ href: destination, replace: true });
  }, [navigate, destination]);
  const continueToApp = useCallback(() => navigate({ to: '/app', replace: true }), [navigate]);

  if (verification && signedIn) {
    return <VerifyEmailScreen email={verification.email} code={verification.code} onVerified={continueToApp} />;
  }
  return <SignInScreen onSignedIn={enterApp} invitation={invitation} verificationNeedsSignIn={verification !== null} />;
}
