import { createRoute, useLocation } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { AccountAuthScreen } from '@/features/auth/components/account-auth-screen';
import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';
import { NewPasswordChallengeScreen } from '@/features/auth/components/new-password-challenge-screen';
import { PasswordLinkScreen } from '@/features/auth/components/password-link-screen';
import { clearQueryData } from '@/lib/query-client';
import { rootRoute } from './root';
import { searchText } from './search-text';


/** Forgot password; the sign-in screen's link carries the typed email. */
export const passwordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password',
  validateSearch: z.object({ email: searchText }),
  component: function PasswordPage() {
    const { email } = passwordRoute.useSearch();
    return <ForgotPasswordScreen initialLogin={email} />;
  },
});

const linkSearchSchema = z.object({ confirmation_code: searchText, username: searchText });

/** Create New Password from a reset link. */
export const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset',
  validateSearch: linkSearchSchema,
  component: function ResetPage() {
    const { confirmation_code: code, username } = resetRoute.useSearch();
    return <PasswordLinkScreen flow="reset" link={{ code, username }} />;
  },
});

/** Setup Your Account: after a temporary-password sign-in, or from a setup link. */
export const accountSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-setup',
  validateSearch: linkSearchSchema,
  component: function AccountSetupPage() {
    const { confirmation_code: code, username } = accountSetupRoute.useSearch();
    const temporaryPassword = useLocation({ select: (location) => location.state.temporaryPassword });
    if (!code && username && temporaryPassword) {
      return <NewPasswordChallengeScreen username={username} temporaryPassword={temporaryPassword} />;
    }
    return <PasswordLinkScreen flow="account-setup" link={{ code, username }} />;
  },
});

/** Authenticate Your Account: the confirmation code, from the sign-in screen or an emailed link. */
export const accountAuthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-auth',
  validateSearch: z.object({ username: searchText, code: searchText }),
  component: function AccountAuthPage() {
    const { username, code } = accountAuthRoute.useSearch();
    const state = useLocation({ select: (location) => location.state });
    const navigate = accountAuthRoute.useNavigate();
    const enterApp = useCallback(async () => {
      await clearQueryData();
      await navigate({ to: '/app', replace: true });
    }, [navigate]);
    return (
      <AccountAuthScreen
        username={username}
        code={code}
        destination={state.destination}
        pendingPassword={state.pendingPassword}
        onSignedIn={enterApp}
      />
    );
  },
});
