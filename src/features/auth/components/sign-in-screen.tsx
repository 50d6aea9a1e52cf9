import { Alert, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { preloadAuth } from '@/lib/auth';
import { resendConfirmationCode } from '@/lib/auth-recovery';
import { MESSAGES } from '../auth-errors';
import type { Invitation } from '../links';
import { AuthLayout } from './auth-layout';
import { AuthNotice } from './auth-notice';
import { InvitationSignIn } from './invitation-sign-in';
import { SignInForm } from './sign-in-form';

export interface SignInScreenProps {
  onSignedIn: () => void | Promise<void>;
  /** An invitation link's username and temporary password (sign in with them at once), or 'invalid' for a broken link. */
  invitation?: Invitation | 'invalid' | null;
  /** An email-verification link opened while signed out. */
  verificationNeedsSignIn?: boolean;
}

/** /auth: the sign-in form, the invitation link's automatic sign-in, and the hand-overs to the next step. */
export function SignInScreen({ onSignedIn, invitation, verificationNeedsSignIn = false }: SignInScreenProps) {
  const navigate = useNavigate();
  const [linkError, setLinkError] = useState<string | null>(invitation === 'invalid' ? MESSAGES.invalidInvitation : null);
  // The screen renders without Amplify; fetch it once drawn so the sign-in itself does not wait for it.
  useEffect(() => afterNextPaint(preloadAuth), []);

  async function toNewPassword(login: string, temporaryPassword: string) {
    // Replacing the entry keeps an invitation link's temporary password out of the back history.
    await navigate({ to: '/account-setup', search: { username: login }, state: { temporaryPassword }, replace: true });
  }

  async function toConfirmation(login: string, password: string) {
    // The provider sends a fresh code; the code screen says where it went.
    const sent = await resendConfirmationCode(login).catch(() => ({ destination: null }));
    await navigate({
      to: '/account-auth',
      search: { username: login },
      state: { destination: sent.destination ?? undefined, pendingPassword: password },
    });
  }

  const handlers = { onSignedIn, onNewPasswordRequired: toNewPassword, onConfirmationRequired: toConfirmation };

  return (
    <AuthLayout>
      {invitation && invitation !== 'invalid' && linkError === null ? (
        <InvitationSignIn invitation={invitation} {...handlers} onFailed={setLinkError} />
      ) : (
        <SignInForm
          {...handlers}
          notice={
            <Stack gap="sm">
              <AuthNotice />
              {linkError && (
                <Alert color="red" variant="light" role="alert">
                  {linkError}
                </Alert>
              )}
              {verificationNeedsSignIn && (
                <Alert color="yellow" variant="light" role="status">
                  {MESSAGES.verificationNeedsSignIn}
                </Alert>
              )}
            </Stack>
          }
        />
      )}
    </AuthLayout>
  );
}
