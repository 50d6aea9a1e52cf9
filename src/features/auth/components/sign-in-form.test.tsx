import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInOutcome } from '@/lib/auth';
import { renderWithRouter } from '@/test/render-with-router';

const auth = vi.hoisted(() => ({ signInWithPassword: vi.fn<(login: string, password: string) => Promise<SignInOutcome>>() }));
vi.mock('@/lib/auth', () => auth);
const recovery = vi.hoisted(() => ({ requestPasswordReset: vi.fn(async () => ({ destination: 'n***@d***' })) }));
vi.mock('@/lib/auth-recovery', () => recovery);

import { SignInForm } from './sign-in-form';

async function setup() {
  const onSignedIn = vi.fn();
  const onNewPasswordRequired = vi.fn();
  const onConfirmationRequired = vi.fn();
  const user = userEvent.setup();
  await renderWithRouter(
    <SignInForm onSignedIn={onSignedIn} onNewPasswordRequired={onNewPasswordRequired} onConfirmationRequired={onConfirmationRequired} />,
    { path: '/auth' },
  );
  return { user, onSignedIn, onNewPasswordRequired, onConfirmationRequired };
}

const loginInput = () => screen.getByLabelText('Email or username');
const passwordInput = () => screen.getByLabelText('Password');
const submitButton = () => screen.getByRole('button', { name: /sign in|signing in/i });

describe('sign-in form', () => {
  beforeEach(() => {
    auth.signInWithPassword.mockReset();
  });

  it('strips all whitespace from the login and lower-cases it as it is typed', async () => {
    const { user } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), ' Admin @Demo. Health ');
    expect(loginInput()).toHaveValue('admin@demo.health');
  });

  it('keeps Sign in disabled until both fields have a value', async () => {
    const { user } = await setup();
    await screen.findByLabelText('Email or username');
    expect(submitButton()).toBeDisabled();
    await user.type(loginInput(), 'nurse@demo.health');
    expect(submitButton()).toBeDisabled();
    await user.type(passwordInput(), 'x');
    expect(submitButton()).toBeEnabled();
    await user.clear(loginInput());
    expect(submitButton()).toBeDisabled();
  });

  it('reads Signing in... and is disabled while busy, then reports success', async () => {
    let finish: (outcome: SignInOutcome) => void = () => {};
    auth.signInWithPassword.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, onSignedIn } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'Nurse@Demo.Health');
    await user.type(passwordInput(), 'Demo!2345');
    await user.click(submitButton());

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(auth.signInWithPassword).toHaveBeenCalledWith('nurse@demo.health', 'Demo!2345');

    finish({ status: 'signed-in' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the spec message for a wrong password', async () => {
    auth.signInWithPassword.mockRejectedValue(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    const { user, onSignedIn } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'admin@demo.health');
    await user.type(passwordInput(), 'wrong');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('tells a disabled user to contact an administrator', async () => {
    auth.signInWithPassword.mockRejectedValue(Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' }));
    const { user } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'disabled@demo.health');
    await user.type(passwordInput(), 'Demo!2345');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('User account is disabled. Contact your administrator to be reactivated.');
  });

  it('shows unmapped errors as they come, keeping what was typed', async () => {
    auth.signInWithPassword.mockRejectedValue(Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' }));
    const { user } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'nurse@demo.health');
    await user.type(passwordInput(), 'Demo!2345');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
    expect(loginInput()).toHaveValue('nurse@demo.health');
    expect(passwordInput()).toHaveValue('Demo!2345');
  });

  it('hands an unconfirmed account over to the code step', async () => {
    auth.signInWithPassword.mockResolvedValue({ status: 'confirm-sign-up' });
    const { user, onConfirmationRequired } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'new@demo.health');
    await user.type(passwordInput(), 'Ward7!clean');
    await user.click(submitButton());
    await waitFor(() => expect(onConfirmationRequired).toHaveBeenCalledWith('new@demo.health', 'Ward7!clean'));
  });

  it('emails a setup link when the account must reset its password', async () => {
    auth.signInWithPassword.mockResolvedValue({ status: 'reset-password' });
    const { user } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'reset@demo.health');
    await user.type(passwordInput(), 'Old!23456');
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new password is required. A new password confirmation email has been sent to your inbox',
    );
    expect(recovery.requestPasswordReset).toHaveBeenCalledWith('reset@demo.health', 'setup');
  });

  it('hands over to the new-password step when the provider asks for one', async () => {
    auth.signInWithPassword.mockResolvedValue({ status: 'new-password-required' });
    const { user, onNewPasswordRequired } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'invited@demo.health');
    await user.type(passwordInput(), 'Temp!2345');
    await user.click(submitButton());
    await waitFor(() => expect(onNewPasswordRequired).toHaveBeenCalledWith('invited@demo.health', 'Temp!2345'));
  });

  it('carries the typed email on the Forgot password link', async () => {
    const { user } = await setup();
    await user.type(await screen.findByLabelText('Email or username'), 'Manager@Demo.Health');
    const link = screen.getByRole('link', { name: 'Forgot password' });
    expect(link).toHaveAttribute('href', '/password?email=manager%40demo.health');
    await user.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent('/password?email=manager%40demo.health');
  });
});
