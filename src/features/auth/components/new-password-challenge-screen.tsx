import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { completeNewPassword } from '@/lib/auth-recovery';
import { authErrorOutcome } from '../auth-errors';
import { usePasswordUpdated } from '../use-password-updated';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-error';
import { NewPasswordForm } from './new-password-form';

/**
 * Setup Your Account after signing in with a temporary password (typed, or from an invitation link):
 * the provider asked for a new password, which may not be the temporary one.
 */
export function NewPasswordChallengeScreen({ username, temporaryPassword }: { username: string; temporaryPassword: string }) {
  const { updated, markUpdated } = usePasswordUpdated();
  const [error, setError] = useState<string | null>(null);
  const [context] = useState(() => ({ username, temporaryPassword }));

  async function choose(password: string) {
    setError(null);
    try {
      await completeNewPassword(password);
      markUpdated();
    } catch (cause) {
      const { message } = authErrorOutcome('new-password', cause);
      notifications.show({ color: 'red', title: 'Password not changed', message });
      setError(message);
      throw cause;
    }
  }

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={2} size="h3">
          Setup Your Account
        </Title>
        <Text c="dimmed" size="sm">
          Welcome, <strong>{username}</strong>. Choose a password to replace your temporary one.
        </Text>
        <FormError message={error} />
        <NewPasswordForm context={context} submitLabel="Set Password" onSubmit={choose} updated={updated} />
      </Stack>
    </AuthLayout>
  );
}
