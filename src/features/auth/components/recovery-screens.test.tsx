import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render-with-router';

const recovery = vi.hoisted(() => ({
  requestPasswordReset: vi.fn<(username: string) => Promise<{ destination: string | null }>>(),
  confirmPasswordReset: vi.fn<(input: { username: string; code: string; password: string; flow?: string }) => Promise<void>>(),
}));
vi.mock('@/lib/auth-recovery', () => recovery);

import { ForgotPasswordScreen } from './forgot-password-screen';
import { PasswordLinkScreen } from './password-link-screen';

const providerError = (name: string, message: string) => Object.assign(new Error(message), { name });

async function choosePassword(user: ReturnType<typeof userEvent.setup>, buttonName: string) {
  await user.type(await screen.findByLabelText('New password'), 'Ward7!clean');
  await user.type(screen.getByLabelText('Confirm new password'), 'Ward7!clean');
  await user.click(screen.getByRole('button', { name: buttonName }));
}

describe('forgot password', () => {
  beforeEach(() => {
    recovery.requestPasswordReset.mockReset();
  });

  it('needs a value before Send Link, then names the (masked) address', async () => {
    recovery.requestPasswordReset.mockResolvedValue({ destination: 'n***@d***' });
    const user = userEvent.setup();
    await renderWithRouter(<ForgotPasswordScreen />, { path: '/password' });
    const send = await screen.findByRole('button', { name: 'Send Link' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Organization email or username'), ' Nurse@Demo.Health');
    await user.click(send);
    expect(recovery.requestPasswordReset).toHaveBeenCalledWith('nurse@demo.health');
    expect(await screen.findByText('Password reset email was sent to n***@d***')).toBeInTheDocument();
    expect(screen.getByText('Please check your email for a link to reset your password')).toBeInTheDocument();
  });

  it('answers an unknown account as if the email was sent', async () => {
    recovery.requestPasswordReset.mockRejectedValue(providerError('UserNotFoundException', 'Username/client id combination not found.'));
    const user = userEvent.setup();
    await renderWithRouter(<ForgotPasswordScreen initialLogin="nobody@demo.health" />, { path: '/password' });
    await user.click(await screen.findByRole('button', { name: 'Send Link' }));
    expect(await screen.findByText('email sent!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to its own message when sending fails without one, keeping the typed value', async () => {
    recovery.requestPasswordReset.mockRejectedValue(providerError('NetworkError', ''));
    const user = userEvent.setup();
    await renderWithRouter(<ForgotPasswordScreen initialLogin="nurse@demo.health" />, { path: '/password' });
    await user.click(await screen.findByRole('button', { name: 'Send Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to send password reset email');
    expect(screen.getByLabelText('Organization email or username')).toHaveValue('nurse@demo.health');
  });
});

describe('choosing a password from a link', () => {
  beforeEach(() => {
    recovery.confirmPasswordReset.mockReset();
  });

  it('says a link without its code is incomplete', async () => {
    await renderWithRouter(<PasswordLinkScreen flow="account-setup" link={{ username: 'nurse@demo.health' }} />, { path: '/account-setup' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The link you have entered is invalid. Please contact an admin for a new one',
    );
  });

  it('sets the password with the link code and says so', async () => {
    recovery.confirmPasswordReset.mockResolvedValue();
    const user = userEvent.setup();
    await renderWithRouter(<PasswordLinkScreen flow="reset" link={{ username: 'nurse@demo.health', code: '123456' }} />, { path: '/reset' });
    await choosePassword(user, 'Create New Password');
    expect(await screen.findByText('Successfully updated!')).toBeInTheDocument();
    expect(recovery.confirmPasswordReset).toHaveBeenCalledWith({
      username: 'nurse@demo.health',
      code: '123456',
      password: 'Ward7!clean',
      flow: 'reset',
    });
  });

  it('sends an expired reset link back to forgot password with the username filled in', async () => {
    recovery.confirmPasswordReset.mockRejectedValue(providerError('ExpiredCodeException', 'Invalid code provided, please request a code again.'));
    const user = userEvent.setup();
    await renderWithRouter(<PasswordLinkScreen flow="reset" link={{ username: 'nurse@demo.health', code: '123456' }} />, { path: '/reset' });
    await choosePassword(user, 'Create New Password');
    expect(await screen.findByTestId('location')).toHaveTextContent('/password?email=nurse%40demo.health');
  });

  it('sends too many attempts to sign-in', async () => {
    recovery.confirmPasswordReset.mockRejectedValue(providerError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    const user = userEvent.setup();
    await renderWithRouter(<PasswordLinkScreen flow="reset" link={{ username: 'nurse@demo.health', code: '123456' }} />, { path: '/reset' });
    await choosePassword(user, 'Create New Password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('shows any other refusal and keeps the form', async () => {
    recovery.confirmPasswordReset.mockRejectedValue(providerError('CodeMismatchException', 'Invalid verification code provided, please try again.'));
    const user = userEvent.setup();
    await renderWithRouter(<PasswordLinkScreen flow="reset" link={{ username: 'nurse@demo.health', code: '000000' }} />, { path: '/reset' });
    await choosePassword(user, 'Create New Password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');
    expect(screen.getByLabelText('New password')).toHaveValue('Ward7!clean');
  });
});
