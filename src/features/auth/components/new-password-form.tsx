import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ACCOUNT_NAME_RULE_MESSAGE,
  newPasswordFormSchema,
  PASSWORD_CANNOT_BE_REUSED,
  passwordChecklist,
  type NewPasswordContext,
  type NewPasswordInput,
  type NewPasswordValues,
} from '@contracts/password';
import { MESSAGES } from '../auth-errors';
import { PasswordChecklist } from '@/components/password-checklist';

const FIELD_MESSAGES = new Set<string>([PASSWORD_CANNOT_BE_REUSED, ACCOUNT_NAME_RULE_MESSAGE]);

export interface NewPasswordFormProps {
  /** The account name and the temporary password the rules check against. */
  context: NewPasswordContext;
  submitLabel: string;
  /** Sets the password; a rejection keeps the form (and what was typed) as it is. */
  onSubmit: (password: string) => Promise<void>;
  /** Set once the change went through: the form locks and says so. */
  updated?: boolean;
}

/** Password and confirmation with the live checklist; submit stays disabled until every rule passes. */
export function NewPasswordForm({ context, submitLabel, onSubmit, updated = false }: NewPasswordFormProps) {
  const schema = useMemo(() => newPasswordFormSchema(context), [context]);
  const { control, handleSubmit, watch, formState } = useForm<NewPasswordInput, unknown, NewPasswordValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const confirmPassword = watch('confirmPassword');
  const items = passwordChecklist(password, confirmPassword, context);
  const allMet = items.every((item) => item.met);
  const busy = formState.isSubmitting;
  const locked = busy || updated;

  const submit = handleSubmit(async (values) => {
    await onSubmit(values.password).catch(() => {
      // The caller reported the failure; the typed passwords stay for another try.
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <Controller
          name="password"
          control={control}
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label="New password"
              autoComplete="new-password"
              size="lg"
              disabled={locked}
              // Strength rules speak through the checklist; these two need words of their own.
              error={fieldState.error && FIELD_MESSAGES.has(fieldState.error.message ?? '') ? fieldState.error.message : undefined}
            />
          )}
        />
        <Controller
          name="confirmPassword"
          control={control}
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label="Confirm new password"
              autoComplete="new-password"
              size="lg"
              disabled={locked}
              error={confirmPassword && fieldState.error ? fieldState.error.message : undefined}
            />
          )}
        />
        <div aria-live="polite">
          <PasswordChecklist items={items} />
        </div>
        {updated && (
          <Alert color="teal" variant="light" role="status">
            {MESSAGES.successfullyUpdated}
          </Alert>
        )}
        <Button type="submit" size="lg" fullWidth disabled={!allMet || locked} loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
