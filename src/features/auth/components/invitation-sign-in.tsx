import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { signInWithPassword } from '@/lib/auth';
import { authErrorOutcome } from '../auth-errors';
import type { Invitation } from '../links';

export interface InvitationSignInProps {
  invitation: Invitation;
  onSignedIn: () => void | Promise<void>;
  onNewPasswordRequired: (login: string, temporaryPassword: string) => void | Promise<void>;
  onConfirmationRequired: (login: string, password: string) => void | Promise<void>;
  /** The link did not work: the sign-in form takes over with this message. */
  onFailed: (message: string) => void;
}

/** Signs in with an invitation link's temporary password as soon as the link opens. */
export function InvitationSignIn({ invitation, onSignedIn, onNewPasswordRequired, onConfirmationRequired, onFailed }: InvitationSignInProps) {
  // Once per link, also under StrictMode's double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { username, temporaryPassword } = invitation;
    void (async () => {
      try {
        const outcome = await signInWithPassword(username, temporaryPassword);
        if (outcome.status === 'new-password-required') await onNewPasswordRequired(username, temporaryPassword);
        else if (outcome.status === 'signed-in') await onSignedIn();
        else if (outcome.status === 'confirm-sign-up') await onConfirmationRequired(username, temporaryPassword);
        else onFailed(authErrorOutcome('invitation', { name: 'NotAuthorizedException', message: '' }).message);
      } catch (cause) {
        onFailed(authErrorOutcome('invitation', cause).message);
      }
    })();
  }, [invitation, onSignedIn, onNewPasswordRequired, onConfirmationRequired, onFailed]);

  return (
    <Stack align="center" gap="sm" py="lg" role="status" aria-live="polite">
      <Loader />
      <Text>Opening your invitation…</Text>
    </Stack>
  );
}
