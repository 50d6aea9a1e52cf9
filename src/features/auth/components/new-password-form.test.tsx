import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { NewPasswordForm } from './new-password-form';

function setup(onSubmit = vi.fn(async (_password: string) => {})) {
  const user = userEvent.setup();
  render(
    <NewPasswordForm
      context={{ username: 'invited@demo.health', temporaryPassword: 'Temp!2345' }}
      submitLabel="Set Password"
      onSubmit={onSubmit}
    />,
  );
  return { user, onSubmit };
}

const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Set Password' });
const unmet = () =>
  within(screen.getByTestId('password-checklist'))
    .getAllByRole('listitem')
    .filter((item) => item.dataset.met === 'false')
    .map((item) => item.dataset.rule);

describe('the new-password form', () => {
  it('ticks the checklist as the user types and enables submit only when every rule passes', async () => {
    const { user } = setup();
    expect(unmet()).toEqual(['length', 'number', 'uppercase', 'lowercase', 'special', 'account-name', 'reuse', 'match']);
    expect(submit()).toBeDisabled();

    await user.type(newPassword(), 'ward');
    expect(unmet()).toEqual(['length', 'number', 'uppercase', 'special', 'match']);
    await user.type(newPassword(), '7!Clean');
    expect(unmet()).toEqual(['match']);
    expect(submit()).toBeDisabled();

    await user.type(confirmation(), 'ward7!Clean');
    expect(unmet()).toEqual([]);
    expect(submit()).toBeEnabled();
  });

  it('refuses the temporary password with the spec message', async () => {
    const { user } = setup();
    await user.type(newPassword(), 'Temp!2345');
    await user.type(confirmation(), 'Temp!2345');
    expect(await screen.findByText('Password cannot be reused')).toBeInTheDocument();
    expect(unmet()).toEqual(['reuse']);
    expect(submit()).toBeDisabled();
  });

  it('says the passwords must match', async () => {
    const { user } = setup();
    await user.type(newPassword(), 'Ward7!clean');
    await user.type(confirmation(), 'Ward7!clea');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('submits the trimmed password, and keeps the typing when the change fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('refused');
    });
    const { user } = setup(onSubmit);
    await user.type(newPassword(), ' Ward7!clean ');
    await user.type(confirmation(), 'Ward7!clean');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Ward7!clean'));
    expect(newPassword()).toHaveValue(' Ward7!clean ');
    expect(submit()).toBeEnabled();
  });
});
