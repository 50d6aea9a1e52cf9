import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AnchorLink } from '@/components/router-links';
import { signInWithPassword } from '@/lib/auth';
import { confirmAccount, resendConfirmationCode } from '@/lib/auth-recovery';
import { authErrorOutcome, MESSAGES } from '../auth-errors';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-error';

export const ACCOUNT_CONFIRMED = 'Your account is confirmed. Sign in to continue.';

export interface AccountAuthProps {
  username?: string;
  /** A code carried by the emailed link, filled in for the user. */
  code?: string;
  /** Where the last code went, when the previous screen sent one. */
  destination?: string;
  /** The password typed at sign-in: with it, a confirmed account signs in straight away. */
  pendingPassword?: string;
  onSignedIn: () => void | Promise<void>;
}

/** /account-auth: confirm an account with the code it was emailed, with a resend prompt. */
export function AccountAuthScreen({ username, code: linkCode = '', destination: sentTo, pendingPassword, onSignedIn }: AccountAuthProps) {
  const navigate = useNavigate();
  const [code, setCode] = useState(linkCode);
  const [destination, setDestination] = useState(sentTo);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!username) {
    return (
      <AuthLayout>
        <Stack gap="md">
          <Title order={2} size="h3">
            Authenticate Your Account
          </Title>
          <FormError message={MESSAGES.invalidInvitation} />
          <AnchorLink to="/auth" ta="center" py="xs">
            Back to sign in
          </AnchorLink>
        </Stack>
      </AuthLayout>
    );
  }
  const account = username;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    setBusy(true);
    setError(null);
    try {
      await confirmAccount(account, trimmed);
      if (pendingPassword) {
        const outcome = await signInWithPassword(account, pendingPassword);
        if (outcome.status === 'signed-in') return void (await onSignedIn());
      }
      await navigate({ to: '/auth', state: { notice: ACCOUNT_CONFIRMED }, replace: true });
    } catch (cause) {
      setError(authErrorOutcome('confirm-code', cause).message);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    setError(null);
    try {
      const sent = await resendConfirmationCode(account);
      setDestination(sent.destination ?? account);
    } catch (cause) {
      setError(authErrorOutcome('confirm-code', cause).message);
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthLayout>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Authenticate your account">
        <Stack gap="md">
          <Title order={2} size="h3">
            Authenticate Your Account
          </Title>
          <Text fw={600}>Grant site access?</Text>
          <Text c="dimmed" size="sm">
            Enter the authorization code we emailed to confirm <strong>{account}</strong> and give it access to the site.
          </Text>
          {destination && (
            <Text size="sm" role="status">
              A code was sent to {destination}.
            </Text>
          )}
          <FormError message={error} />
          <TextInput
            label="Authorization code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\s+/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            size="lg"
            disabled={busy}
          />
          <Button type="submit" size="lg" fullWidth disabled={!code.trim() || busy} loading={busy}>
            Confirm
          </Button>
          <Text size="sm" ta="center">
            Didn&apos;t receive a code?{' '}
            <Anchor component="button" type="button" onClick={() => void resend()} disabled={resending} py="xs">
              {resending ? 'Sending…' : 'Resend code'}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
