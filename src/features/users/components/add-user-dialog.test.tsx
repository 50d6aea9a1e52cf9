import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { render } from '@/test/render';
import { SCOPE_REQUIRED_MESSAGE } from '@/entities/users/user-scope-rules';
import { AddUserDialog } from './add-user-dialog';

const organizations = [
  { id: 3, name: "St. Mary's Hospital", parentId: null, accessible: true },
  { id: 5, name: "St. Mary's ICU", parentId: 3, accessible: true },
];
const professions = [
  { professionId: 'OTHER', name: 'Other' },
  { professionId: 'NURSE', name: 'Nurse' },
];

/** Types `text` at the end of the field's value. */
function type(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: (field as HTMLInputElement).value + text } });
}

function renderDialog(onSubmit = vi.fn(async () => {}), onError = vi.fn()) {
  render(
    <AddUserDialog
      opened
      onClose={() => {}}
      organizations={organizations}
      groups={[]}
      professions={professions}
      templates={[
        { id: 4, name: 'Individual User', needsScope: false },
        { id: 5, name: 'Charge Nurse', needsScope: true },
      ]}
      defaultOrganizationId={3}
      clientId="client"
      onSubmit={onSubmit}
      onError={onError}
    />,
  );
  return { onSubmit, onError };
}

describe('AddUserDialog', () => {
  it('submits only with both names, and grants site access only with a valid email', async () => {
    const { onSubmit } = renderDialog();
    const submit = screen.getByRole('button', { name: 'Submit' });
    const access = screen.getByRole('switch', { name: 'Grant site access' });
    expect(submit).toBeDisabled();
    expect(access).toBeDisabled();

    type(screen.getByLabelText(/First Name/), 'Ada');
    type(screen.getByLabelText(/Last Name/), 'Lovelace');
    expect(submit).toBeEnabled();
    type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    type(screen.getByLabelText('Email'), 'example.org');
    expect(access).toBeEnabled();
    fireEvent.click(access);
    expect(screen.getByLabelText(/Username/)).toHaveValue('ada@example.org');
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', accessState: true, role: 'END_USER', roleId: 4, organizationId: 3 }),
    ]);
  });

  it('refuses a short username and shows a create failure in the spec’s words', async () => {
    const failing = vi.fn(async () => {
      throw new ApiError(409, 'User account already exists', {});
    });
    const { onError } = renderDialog(failing);
    type(screen.getByLabelText(/First Name/), 'Ada');
    type(screen.getByLabelText(/Last Name/), 'Lovelace');
    type(screen.getByLabelText(/Username/), 'ab');
    expect(screen.getByText('Must be at least 4 characters, no spaces')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    type(screen.getByLabelText(/Username/), 'cd');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Username already exists. Select a new username'));
  });

  it('shows a name with an invisible character refused on its field, and does not submit it', () => {
    const { onSubmit } = renderDialog();
    type(screen.getByLabelText(/First Name/), 'Ada\u200B');
    type(screen.getByLabelText(/Last Name/), 'Lovelace');
    expect(screen.getByLabelText(/First Name/)).toHaveAccessibleDescription('must not contain invisible or control characters (it has U+200B)');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    fireEvent.submit(submit.closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'Ada' } });
    expect(screen.queryByText(/invisible/)).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('asks what a user of a template that opens reports may see, starting at their organization, and sends it', async () => {
    const { onSubmit } = renderDialog();
    type(screen.getByLabelText(/First Name/), 'Jo');
    type(screen.getByLabelText(/Last Name/), 'Ellis');
    // Individual User sees only their own figures: no access to choose.
    expect(screen.queryByText('Organization Access')).toBeNull();

    await userEvent.click(screen.getAllByLabelText(/Permissions Template/)[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Charge Nurse' }));
    expect(screen.getByText('Organization Access')).toBeInTheDocument();
    expect(screen.getByText('Location Access')).toBeInTheDocument();
    expect(screen.queryByText(SCOPE_REQUIRED_MESSAGE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ roleId: 5, organizationId: 3, managedOrganizationIds: [3], managedGroupIds: [], role: 'ADMIN' })]);
  }, 20_000);
});
