import { Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '@/components/router-links';
import { useVerifyEmail } from '../api/verify-email';
import { authErrorOutcome } from '../auth-errors';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-error';

export const EMAIL_VERIFIED = 'Your email address is verified.';

/** /auth with verification_code and email, signed in: verifies the address, then continues to the app. */
export function VerifyEmailScreen({ email, code, onVerified }: { email: string; code: string; onVerified: () => void | Promise<void> }) {
  const verify = useVerifyEmail();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(
      { email, code },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: EMAIL_VERIFIED });
          void onVerified();
        },
        onError: (cause) => setError(authErrorOutcome('verify-email', cause).message),
      },
    );
  }, [verify, email, code, onVerified]);

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={2} size="h3">
          Verify your email
        </Title>
        {error ? (
          <>
            <FormError message={error} />
            <ButtonLink to="/app" size="lg" variant="default" fullWidth>
              Continue to the app
            </ButtonLink>
          </>
        ) : (
          <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
            <Loader />
            <Text>Verifying {email}…</Text>
          </Stack>
        )}
      </Stack>
    </AuthLayout>
  );
}
