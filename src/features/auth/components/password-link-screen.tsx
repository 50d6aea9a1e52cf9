import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AnchorLink } from '@/components/router-links';
import { confirmPasswordReset } from '@/lib/auth-recovery';
import { authErrorOutcome, MESSAGES } from '../auth-errors';
import { usePasswordUpdated } from '../use-password-updated';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-error';
import { NewPasswordForm } from './new-password-form';

export interface PasswordLink {
  username?: string;
  code?: string;
}

const SCREENS = {
  reset: {
    title: 'Create New Password',
    intro: 'Choose a new password for',
    submit: 'Create New Password',
    incomplete: 'This reset link is incomplete. Request a new one below.',
    linkFlow: 'reset',
  },
  'account-setup': {
    title: 'Setup Your Account',
    intro: 'Choose a password for',
    submit: 'Set Password',
    incomplete: MESSAGES.invalidInvitation,
    linkFlow: 'setup',
  },
} as const;

/** /reset and /account-setup from an emailed link: choose a password with the link's code. */
export function PasswordLinkScreen({ flow, link }: { flow: keyof typeof SCREENS; link: PasswordLink }) {
  const screen = SCREENS[flow];
  const navigate = useNavigate();
  const { updated, markUpdated } = usePasswordUpdated();
  const [error, setError] = useState<string | null>(null);
  const { username, code } = link;
  const context = useMemo(() => ({ username }), [username]);

  if (!username || !code) {
    return (
      <AuthLayout>
        <Stack gap="md">
          <Title order={2} size="h3">
            {screen.title}
          </Title>
          <FormError message={screen.incomplete} />
          <AnchorLink to={flow === 'reset' ? '/password' : '/auth'} ta="center" py="xs">
            {flow === 'reset' ? 'Request a new link' : 'Back to sign in'}
          </AnchorLink>
        </Stack>
      </AuthLayout>
    );
  }

  async function setPassword(password: string) {
    setError(null);
    try {
      await confirmPasswordReset({ username: username as string, code: code as string, password, flow: screen.linkFlow });
      markUpdated();
    } catch (cause) {
      const outcome = authErrorOutcome(flow, cause);
      if (outcome.redirect === '/password') {
        await navigate({ to: '/password', search: { email: username }, state: { notice: outcome.message }, replace: true });
      } else if (outcome.redirect === '/auth') {
        await navigate({ to: '/auth', state: { notice: outcome.message }, replace: true });
      } else {
        notifications.show({ color: 'red', title: 'Password not changed', message: outcome.message });
        setError(outcome.message);
      }
      throw cause;
    }
  }

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={2} size="h3">
          {screen.title}
        </Title>
        <Text c="dimmed" size="sm">
          {screen.intro} <strong>{username}</strong>.
        </Text>
        <FormError message={error} />
        <NewPasswordForm context={context} submitLabel={screen.submit} onSubmit={setPassword} updated={updated} />
      </Stack>
    </AuthLayout>
  );
}
