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
import { PermissionsTemplateButton } from './permissions-template-button';

const WARNING = 'Warning - this is a default template. Updating this template will affect all users assigned to it across all organizations.';

describe('the Permissions Template menu', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const show = vi.spyOn(notifications, 'show');
  const writes = () =>
    fetchSpy.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined }))
      .filter((c) => c.method !== 'GET');

  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
    show.mockReset();
    fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname.endsWith('/users/permissions')) return json({ data: CATALOG });
      if (method === 'GET' && url.pathname.endsWith('/roles')) return json({ data: ST_MARYS_TEMPLATES });
      if (method === 'PATCH' && url.pathname.match(/\/roles\/\d+$/)) {
        const id = Number(url.pathname.split('/').at(-1));
        const body = JSON.parse(String(init?.body));
        const before = ST_MARYS_TEMPLATES.find((t) => t.id === id)!;
        return json({ ...before, ...body, permissions: before.permissions });
      }
      if (method === 'POST' && url.pathname.endsWith('/roles')) {
        const body = JSON.parse(String(init?.body));
        return json({ id: 9, name: body.name, description: body.description, owner: "St. Mary's Hospital", organizationId: body.owner, permissions: [] }, 201);
      }
      if (method === 'PATCH' && url.pathname.match(/\/users\/\d+$/)) {
        const id = Number(url.pathname.split('/').at(-1));
        return json({ id, role: ST_MARYS_TEMPLATES[4] });
      }
      return json({ message: 'Not found' }, 404);
    });
  });
  afterEach(() => {
    fetchSpy.mockReset();
    show.mockReset();
  });

  function open(session: SessionData, props: Parameters<typeof PermissionsTemplateButton>[0] = {}) {
    render(
      <SessionProvider value={session}>
        <PermissionsTemplateButton {...props} />
      </SessionProvider>,
    );
  }
  const menu = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Permissions Template' }));
    return within(await screen.findByRole('dialog', { name: 'Permissions Template Menu' }));
  };
  const choose = async (field: string, option: string | RegExp) => {
    await userEvent.click(screen.getByRole('combobox', { name: field }));
    await userEvent.click(await screen.findByRole('option', { name: option }));
  };

  it('shows the button only to holders of ROLE whose template is id 1', () => {
    const manager = makeSession('manager');
    open(manager);
    expect(screen.queryByRole('button', { name: 'Permissions Template' })).not.toBeInTheDocument();
    // Every subject but not template 1: no button either.
    const notOne = adminSession();
    open({ ...notOne, role: { ...notOne.role, id: 6 } });
    expect(screen.queryByRole('button', { name: 'Permissions Template' })).not.toBeInTheDocument();
    open(adminSession());
    expect(screen.getByRole('button', { name: 'Permissions Template' })).toBeInTheDocument();
  });

  it('creates a template with a name, an owner organization and the ticked permissions, 12 a page', async () => {
    open(adminSession());
    const dialog = await menu();
    expect(dialog.getByRole('tab', { name: 'Create Custom Template' })).toHaveAttribute('aria-selected', 'true');
    const table = await dialog.findByRole('table', { name: 'Permissions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    // Grouped: the reports come first.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Reports');

    const create = dialog.getByRole('button', { name: 'Create Template' });
    expect(create).toBeDisabled();
    await choose('Owner organization', "St. Mary's Hospital");
    await userEvent.type(dialog.getByRole('textbox', { name: 'Template name' }), 'Unit Manager');
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Compliance Report' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Performance Overview' }));
    await userEvent.click(create);

    await waitFor(() => expect(writes()).toHaveLength(1));
    const [post] = writes();
    expect(post!.url.pathname).toBe('/api/roles');
    expect(post!.body).toEqual({ name: 'Unit Manager', description: null, owner: 3, permissions: ['COMPLIANCE', 'PERFORMANCE'] });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Role template successfully created' })));
  }, 20_000);

  it('warns on a default template, saves it only after Confirm Template, and keeps template 1 locked', async () => {
    open(adminSession());
    const dialog = await menu();
    await userEvent.click(dialog.getByRole('tab', { name: 'Edit Custom Templates' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    expect(await screen.findByRole('option', { name: 'Administrator (locked)' })).toHaveAttribute('data-combobox-disabled', 'true');
    await userEvent.click(await screen.findByRole('option', { name: 'Individual User' }));

    expect(dialog.getByRole('note')).toHaveTextContent(WARNING);
    const name = dialog.getByRole('textbox', { name: 'Template name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Staff Member');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Template' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Template' });
    expect(confirm).toHaveTextContent(WARNING);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Save Template' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm Template' })).getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.url.pathname).toBe('/api/roles/4');
    expect(writes()[0]!.body).toEqual({ name: 'Staff Member', description: null, permissions: ['USER_OVERVIEW'] });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Role template successfully updated' })));
  }, 20_000);

  it('saves a custom template without asking', async () => {
    open(adminSession());
    const dialog = await menu();
    await userEvent.click(dialog.getByRole('tab', { name: 'Edit Custom Templates' }));
    await choose('Template', 'Charge Nurse');
    expect(dialog.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Compliance Report' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Confirm Template' })).not.toBeInTheDocument();
    expect(writes()[0]!.body.permissions).toEqual(['PERFORMANCE', 'USER_OVERVIEW']);
  }, 20_000);

  it('assigns the selected users in batches of 25 with progress, then closes 2 s after success', async () => {
    const users = Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, name: `Nurse ${i + 1}` }));
    open(adminSession(), { users, organizationId: 3 });
    const dialog = await menu();
    expect(dialog.getByRole('tab', { name: 'Assign Permissions Template' })).toHaveAttribute('aria-selected', 'true');
    // Dialog tables: 5 a page.
    expect(within(dialog.getByRole('table', { name: 'Selected users' })).getAllByRole('row')).toHaveLength(6);
    await choose('Permissions Template', 'Charge Nurse');
    await userEvent.click(dialog.getByRole('button', { name: 'Assign' }));

    expect(await dialog.findByText('30 user(s) assigned successfully!')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Assignment progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(writes()).toHaveLength(30);
    expect(new Set(writes().map((w) => w.body.roleId))).toEqual(new Set([5]));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '30 user(s) assigned successfully!' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Permissions Template Menu' })).not.toBeInTheDocument(), { timeout: 3_500 });
  }, 15_000);
});
