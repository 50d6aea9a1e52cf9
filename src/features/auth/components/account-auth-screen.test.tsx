import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render-with-router';

const recovery = vi.hoisted(() => ({
  confirmAccount: vi.fn<(username: string, code: string) => Promise<void>>(),
  resendConfirmationCode: vi.fn<(username: string) => Promise<{ destination: string | null }>>(),
}));
vi.mock('@/lib/auth-recovery', () => recovery);
const auth = vi.hoisted(() => ({ signInWithPassword: vi.fn(async () => ({ status: 'signed-in' as const })) }));
vi.mock('@/lib/auth', () => auth);

import { AccountAuthScreen } from './account-auth-screen';

describe('Authenticate Your Account', () => {
  beforeEach(() => {
    recovery.confirmAccount.mockReset();
    recovery.resendConfirmationCode.mockReset();
    auth.signInWithPassword.mockClear();
  });

  it('says where the code went, needs a code, and can send a new one', async () => {
    recovery.resendConfirmationCode.mockResolvedValue({ destination: 'n***@d***.health' });
    const user = userEvent.setup();
    await renderWithRouter(<AccountAuthScreen username="new@demo.health" destination="n***@d***.health" onSignedIn={vi.fn()} />, {
      path: '/account-auth',
    });
    expect(await screen.findByText('A code was sent to n***@d***.health.')).toBeInTheDocument();
    expect(screen.getByText('Grant site access?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(recovery.resendConfirmationCode).toHaveBeenCalledWith('new@demo.health');
  });

  it('confirms with the code and, with the password from sign-in, signs straight in', async () => {
    recovery.confirmAccount.mockResolvedValue();
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    await renderWithRouter(
      <AccountAuthScreen username="new@demo.health" pendingPassword="Ward7!clean" onSignedIn={onSignedIn} />,
      { path: '/account-auth' },
    );
    await user.type(await screen.findByLabelText('Authorization code'), '12 34 56');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(recovery.confirmAccount).toHaveBeenCalledWith('new@demo.health', '123456');
    expect(auth.signInWithPassword).toHaveBeenCalledWith('new@demo.health', 'Ward7!clean');
  });

  it('without a password, sends the confirmed user to sign in', async () => {
    recovery.confirmAccount.mockResolvedValue();
    const user = userEvent.setup();
    await renderWithRouter(<AccountAuthScreen username="new@demo.health" code="654321" onSignedIn={vi.fn()} />, { path: '/account-auth' });
    expect(await screen.findByLabelText('Authorization code')).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('shows a refused code and keeps it for correction', async () => {
    recovery.confirmAccount.mockRejectedValue(
      Object.assign(new Error('Invalid verification code provided, please try again.'), { name: 'CodeMismatchException' }),
    );
    const user = userEvent.setup();
    await renderWithRouter(<AccountAuthScreen username="new@demo.health" onSignedIn={vi.fn()} />, { path: '/account-auth' });
    await user.type(await screen.findByLabelText('Authorization code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');
    expect(screen.getByLabelText('Authorization code')).toHaveValue('000000');
  });

  it('says a link without a username is invalid', async () => {
    await renderWithRouter(<AccountAuthScreen onSignedIn={vi.fn()} />, { path: '/account-auth' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The link you have entered is invalid. Please contact an admin for a new one');
  });
});
