import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';
import { readInvitation } from '@/features/auth/links';
import { addressText } from '@/lib/address-search';
import { getSession } from '@/lib/auth';
import { clearQueryData } from '@/lib/query-client';
import { rootRoute } from './root';


const authSearchSchema = z.object({
  verification_code: addressText,
  email: addressText,
  username: addressText,
  temp_pass: addressText,
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
    if (signedIn && !verification && !invitation) throw redirect({ to: '/app', replace: true });
    return { invitation, verification, signedIn };
  },
  component: AuthPage,
});

function AuthPage() {
  const navigate = useNavigate();
  const { invitation, verification, signedIn } = authRoute.useRouteContext();
  const enterApp = useCallback(async () => {
    // Whatever was cached belonged to the previous session.
    await clearQueryData();
    await navigate({ to: '/app', replace: true });
  }, [navigate]);
  const continueToApp = useCallback(() => navigate({ to: '/app', replace: true }), [navigate]);

  if (verification && signedIn) {
    return <VerifyEmailScreen email={verification.email} code={verification.code} onVerified={continueToApp} />;
  }
  return <SignInScreen onSignedIn={enterApp} invitation={invitation} verificationNeedsSignIn={verification !== null} />;
}
