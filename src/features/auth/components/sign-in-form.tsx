import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AnchorLink } from '@/components/router-links';
import { useSignIn } from '../api/sign-in';
import { signInSchema, type SignIn, type SignInInput } from '../schemas';
import { requestPasswordReset } from '@/lib/auth-recovery';
import { authErrorOutcome, MESSAGES } from '../auth-errors';
import { FormError } from './form-error';
import { LoginInput } from './login-input';

export interface SignInFormProps {
  onSignedIn: () => void | Promise<void>;
  /** The password typed was temporary: the provider wants a new one. */
  onNewPasswordRequired: (login: string, temporaryPassword: string) => void | Promise<void>;
  /** The account is not confirmed yet: a code must be sent and entered. */
  onConfirmationRequired: (login: string, password: string) => void | Promise<void>;
  /** Shown above the fields (why the visitor is here). */
  notice?: ReactNode;
}

/** Email-or-username and password, with the spec's normalisation and button rules. */
export function SignInForm({ onSignedIn, onNewPasswordRequired, onConfirmationRequired, notice }: SignInFormProps) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState } = useForm<SignInInput, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { login: '', password: '' },
  });
  const login = watch('login');
  const password = watch('password');
  const busy = formState.isSubmitting;

  // The provider reset this account's password: email a setup link and say so.
  async function sendSetupLink(name: string) {
    try {
      await requestPasswordReset(name, 'setup');
      setInfo(MESSAGES.passwordResetRequired);
    } catch (cause) {
      setError(authErrorOutcome('forgot-password', cause).message);
    }
  }

  const submit = handleSubmit(async (values) => {
    setError(null);
    setInfo(null);
    try {
      const outcome = await signIn.mutateAsync(values);
      if (outcome.status === 'signed-in') await onSignedIn();
      else if (outcome.status === 'new-password-required') await onNewPasswordRequired(values.login, values.password);
      else if (outcome.status === 'confirm-sign-up') await onConfirmationRequired(values.login, values.password);
      else if (outcome.status === 'reset-password') await sendSetupLink(values.login);
      else setError(`Sign-in needs a further step (${outcome.step}) that this app does not support.`);
    } catch (cause) {
      const outcome = authErrorOutcome('sign-in', cause);
      if (outcome.step === 'confirm-code') await onConfirmationRequired(values.login, values.password);
      else if (outcome.step === 'password-reset-required') await sendSetupLink(values.login);
      else setError(outcome.message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {notice}
        {info && (
          <Alert color="blue" variant="light" role="status">
            {info}
          </Alert>
        )}
        <FormError message={error} />
        <Controller
          name="login"
          control={control}
          render={({ field }) => (
            <LoginInput {...field} label="Email or username" disabled={busy} />
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <PasswordInput {...field} label="Password" autoComplete="current-password" size="lg" disabled={busy} />
          )}
        />
        <Button type="submit" size="lg" fullWidth disabled={busy || !login || !password}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
        <AnchorLink to="/password" search={{ email: login || undefined }} ta="center" size="sm" py="xs">
          Forgot password
        </AnchorLink>
      </Stack>
    </form>
  );
}
