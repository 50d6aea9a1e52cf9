import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { SessionProvider, type SessionData } from '@/lib/session-context';
import { makeSession, testConfig } from '@/test/fixtures';
import { render } from '@/test/render';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { adminSession, CATALOG, json, ST_MARYS_TEMPLATES } from '@/entities/roles/test-data';
import { UserPermissionsTab } from './user-permissions-tab';

const NURSE = { id: 41, organizationId: 3, role: { id: 4, name: 'Individual User' } };

describe('the Permissions tab of Edit User', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const show = vi.spyOn(notifications, 'show');
  let answerAssign: () => Promise<Response>;
  const patches = () => fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PATCH');

  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
    show.mockReset();
    answerAssign = async () => json({ id: NURSE.id, role: ST_MARYS_TEMPLATES[4] });
    fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/users/permissions')) return json({ data: CATALOG });
      if (url.pathname.endsWith('/roles')) {
        expect(url.searchParams.get('orgId')).toBe('3');
        return json({ data: ST_MARYS_TEMPLATES });
      }
      if (init?.method === 'PATCH') return answerAssign();
      return json({ message: 'Not found' }, 404);
    });
  });
  afterEach(() => {
    fetchSpy.mockReset();
    show.mockReset();
  });

  function renderTab(session: SessionData, onDone = vi.fn(), onAssigned = vi.fn()) {
    render(
      <SessionProvider value={session}>
        <UserPermissionsTab user={NURSE} onDone={onDone} onAssigned={onAssigned} />
      </SessionProvider>,
    );
    return { onDone, onAssigned };
  }

  it('shows the user’s template and what it grants, ticked and read-only', async () => {
    renderTab(adminSession());
    const picker = screen.getByRole('combobox', { name: 'Permissions Template' });
    await waitFor(() => expect(picker).toHaveValue('Individual User'));
    const table = await screen.findByRole('table', { name: 'Template permissions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    expect(within(table).getByRole('checkbox', { name: 'Compliance Report' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Compliance Report' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Template' })).toBeDisabled();
  });

  it('assigns another template: pending while it is sent, then the new one stays, a toast says so, and the dialog closes after 2 s', async () => {
    let release: () => void = () => {};
    answerAssign = () => new Promise((resolve) => (release = () => resolve(json({ id: NURSE.id, role: ST_MARYS_TEMPLATES[4] }))));
    const { onDone, onAssigned } = renderTab(adminSession());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Permissions Template' })).toHaveValue('Individual User'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Permissions Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Charge Nurse' }));
    expect(await screen.findByRole('checkbox', { name: 'Compliance Report' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));

    expect(await screen.findByText('Assigning…')).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
    const [input, init] = patches()[0]!;
    expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/users/41');
    expect(JSON.parse(String(init?.body))).toEqual({ roleId: 5 });
    expect(onDone).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Role successfully assigned' })));
    expect(onAssigned).toHaveBeenCalledWith({ id: 5, name: 'Charge Nurse' });
    expect(screen.getByRole('button', { name: 'Save Template' })).toBeDisabled();
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  }, 20_000);

  it('says why when the server refuses, and keeps the dialog open', async () => {
    answerAssign = async () => json({ message: 'You cannot grant permissions you do not hold: GATEWAYS' }, 403);
    const { onDone } = renderTab(adminSession());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Permissions Template' })).toHaveValue('Individual User'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Permissions Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Device Technician' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error assigning role', message: 'You cannot grant permissions you do not hold: GATEWAYS' })),
    );
    expect(onDone).not.toHaveBeenCalled();
  }, 20_000);

  it('lets only holders of USER_PERMISSION_TEMPLATE change the template', async () => {
    const admin = adminSession();
    const withoutIt = makeSession({ subjects: admin.role.permissions.map((p) => p.subject).filter((s) => s !== 'USER_PERMISSION_TEMPLATE'), accountType: 'LAVO' });
    renderTab({ ...withoutIt, role: { ...withoutIt.role, id: 1 } });
    expect(screen.getByRole('combobox', { name: 'Permissions Template' })).toBeDisabled();
    expect(screen.getByText('You may not change this user’s template.')).toBeInTheDocument();
  });
});
