import { Text } from '@mantine/core';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthPlaceholderScreen } from '@/features/auth/components/auth-placeholder-screen';
import { rootRoute } from './root';

const passwordSearchSchema = z.object({ email: z.string().optional().catch(undefined) });

/** Forgot password; the sign-in screen's link carries the typed email. */
export const passwordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password',
  validateSearch: passwordSearchSchema,
  component: function PasswordPage() {
    const { email } = passwordRoute.useSearch();
    return (
      <AuthPlaceholderScreen title="Forgot password">
        {email && <Text>Email or username: {email}</Text>}
      </AuthPlaceholderScreen>
    );
  },
});

export const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset',
  component: () => <AuthPlaceholderScreen title="Create New Password" />,
});

export const accountSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-setup',
  component: () => <AuthPlaceholderScreen title="Setup Your Account" />,
});

export const accountAuthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-auth',
  component: () => <AuthPlaceholderScreen title="Authenticate Your Account" />,
});
