import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { normalizeLogin } from '../schemas';

export interface LoginInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  /** Receives the value already normalised: whitespace can never be part of a sign-in name. */
  onChange: (login: string) => void;
}

/** The email-or-username field: no auto-capitalising or correcting, normalised as it is typed. */
export const LoginInput = forwardRef<HTMLInputElement, LoginInputProps>(function LoginInput({ onChange, ...props }, ref) {
  return (
    <TextInput
      ref={ref}
      {...props}
      onChange={(event) => onChange(normalizeLogin(event.currentTarget.value))}
      type="text"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      size="lg"
    />
  );
});
