import { getRouteApi, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AccountAuthScreen } from '@/features/auth/components/account-auth-screen';
import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';
import { NewPasswordChallengeScreen } from '@/features/auth/components/new-password-challenge-screen';
import { PasswordLinkScreen } from '@/features/auth/components/password-link-screen';
import { clearQueryData } from '@/lib/query-client';

/** The pages of the public routes other than /auth, loaded when one of them is opened. */

const passwordApi = getRouteApi('/password');
const resetApi = getRouteApi('/reset');
const accountSetupApi = getRouteApi('/account-setup');
const accountAuthApi = getRouteApi('/account-auth');

export function PasswordPage() {
  const { email } = passwordApi.useSearch();
  return <ForgotPasswordScreen initialLogin={email} />;
}

export function ResetPage() {
  const { confirmation_code: code, username } = resetApi.useSearch();
  return <PasswordLinkScreen flow="reset" link={{ code, username }} />;
}

export function AccountSetupPage() {
  const { confirmation_code: code, username } = accountSetupApi.useSearch();
  const temporaryPassword = useLocation({ select: (location) => location.state.temporaryPassword });
  if (!code && username && temporaryPassword) {
    return <NewPasswordChallengeScreen username={username} temporaryPassword={temporaryPassword} />;
  }
  return <PasswordLinkScreen flow="account-setup" link={{ code, username }} />;
}

export function AccountAuthPage() {
  const { username, code } = accountAuthApi.useSearch();
  const state = useLocation({ select: (location) => location.state });
  const navigate = useNavigate();
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
}
