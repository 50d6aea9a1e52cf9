import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { userRow } from '@/entities/users/test-data';
import { EditUserDialog } from './edit-user-dialog';

const USER = userRow(6, {
  userName: 'dana.reyes',
  firstName: 'Dana',
  lastName: 'Reyes',
  clientUserId: 'E-106',
  email: 'dana.reyes@stmarys.example',
});

describe('User Details for a caller who may not edit users', () => {
  it('shows the user on both tabs with every field disabled, and only Close', async () => {
    const onSave = vi.fn(async () => {});
    const onClose = vi.fn();
    render(<EditUserDialog user={USER} onClose={onClose} professions={[]} showPermissions={false} onSave={onSave} readOnly />);

    expect(await screen.findByRole('dialog', { name: 'User Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Dana');
    expect(screen.getByLabelText('First Name')).toBeDisabled();
    expect(screen.getByLabelText('Employee ID')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    // The tabs still switch: only the fields are disabled.
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('dana.reyes@stmarys.example');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Phone')).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('stays Edit User, with Save once something changed, for a caller who may edit', async () => {
    const onSave = vi.fn(async () => {});
    render(<EditUserDialog user={USER} onClose={() => {}} professions={[]} showPermissions={false} onSave={onSave} />);

    expect(await screen.findByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Employee ID'));
    await userEvent.type(screen.getByLabelText('Employee ID'), 'E-200');
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(6, { clientUserId: 'E-200' });
  });

  it('shows a new email that waits for its owner under the address on record', async () => {
    const pending = userRow(7, { email: 'old@stmarys.example', pendingEmail: 'new@stmarys.example' });
    render(<EditUserDialog user={pending} onClose={() => {}} professions={[]} showPermissions={false} onSave={async () => {}} readOnly />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('old@stmarys.example');
    expect(screen.getByText(/new@stmarys\.example becomes this user's email once they confirm it/)).toBeInTheDocument();
  });
});
