import { Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AnchorLink } from '@/components/router-links';
import { requestPasswordReset } from '@/lib/auth-recovery';
import { authErrorOutcome } from '../auth-errors';
import { normalizeLogin } from '../schemas';
import { AuthLayout } from './auth-layout';
import { AuthNotice } from './auth-notice';
import { FormError } from './form-error';
import { LoginInput } from './login-input';

type Sent = { destination: string | null; treatedAsSent: boolean };

/** /password: ask for a reset link by organization email or username. */
export function ForgotPasswordScreen({ initialLogin = '' }: { initialLogin?: string }) {
  const [login, setLogin] = useState(normalizeLogin(initialLogin));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!login) return;
    setBusy(true);
    setError(null);
    try {
      const { destination } = await requestPasswordReset(login);
      setSent({ destination, treatedAsSent: false });
    } catch (cause) {
      const outcome = authErrorOutcome('forgot-password', cause);
      if (outcome.treatAsSent) setSent({ destination: null, treatedAsSent: true });
      else setError(outcome.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      {sent ? (
        <Stack gap="md">
          <Title order={2} size="h3">
            Check your email
          </Title>
          <Text role="status">
            {sent.treatedAsSent || !sent.destination ? 'email sent!' : `Password reset email was sent to ${sent.destination}`}
          </Text>
          <Text c="dimmed">Please check your email for a link to reset your password</Text>
          <AnchorLink to="/auth" ta="center" py="xs">
            Back to sign in
          </AnchorLink>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset your password">
          <Stack gap="md">
            <Title order={2} size="h3">
              Reset your password
            </Title>
            <Text c="dimmed" size="sm">
              Enter your organization email or username and we will email you a link to choose a new password.
            </Text>
            <AuthNotice />
            <FormError message={error} />
            <LoginInput label="Organization email or username" value={login} onChange={setLogin} disabled={busy} />
            <Button type="submit" size="lg" fullWidth disabled={!login || busy} loading={busy}>
              Send Link
            </Button>
            <AnchorLink to="/auth" ta="center" size="sm" py="xs">
              Back to sign in
            </AnchorLink>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
