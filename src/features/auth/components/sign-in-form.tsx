import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AnchorLink } from '@/components/router-links';
import { useSignIn } from '../api/sign-in';
import { normalizeLogin, signInSchema, type SignIn, type SignInInput } from '../schemas';
import { signInErrorMessage } from '../sign-in-error';

export interface SignInFormProps {
  onSignedIn: () => void | Promise<void>;
  onNewPasswordRequired: (login: string) => void;
}

/** Email-or-username and password, with the spec's normalisation and button rules. */
export function SignInForm({ onSignedIn, onNewPasswordRequired }: SignInFormProps) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState } = useForm<SignInInput, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { login: '', password: '' },
  });
  const login = watch('login');
  const password = watch('password');
  const busy = formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const outcome = await signIn.mutateAsync(values);
      if (outcome.status === 'signed-in') await onSignedIn();
      else if (outcome.status === 'new-password-required') onNewPasswordRequired(values.login);
      else setError(`Sign-in needs a further step (${outcome.status === 'other-step' ? outcome.step : outcome.status}) that is not supported yet.`);
    } catch (cause) {
      setError(signInErrorMessage(cause));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Controller
          name="login"
          control={control}
          render={({ field }) => (
            <TextInput
              {...field}
              // Whitespace can never be part of a sign-in name, so it is dropped as it is typed.
              onChange={(event) => field.onChange(normalizeLogin(event.currentTarget.value))}
              label="Email or username"
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              size="lg"
              disabled={busy}
            />
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
