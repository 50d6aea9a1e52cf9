import type { Group, Organization } from '@contracts/entities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { OrganizationForm } from './organization-form';

// A form typed into: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const settings = { defaultLocationId: null, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 };
const ORGS: Organization[] = [
  { id: 1, parentId: null, name: 'Lavo', type: 'PROVIDER', accountType: 'LAVO', settings, accessible: true },
  { id: 2, parentId: 1, name: 'Northwind', type: 'NETWORK', accountType: 'LAVO', settings: { ...settings, defaultLocationId: 1 }, accessible: true },
  { id: 3, parentId: 2, name: "St. Mary's", type: 'HOSPITAL', accountType: 'PRO', settings: { ...settings, defaultLocationId: 2 }, accessible: true },
];
const loc = (id: number, organizationId: number, name: string) => ({ id, organizationId, name, parentId: null, accessible: true }) as Group;
const LOCATIONS = [loc(1, 2, 'Northwind campus'), loc(2, 3, "St. Mary's campus"), { ...loc(4, 3, 'Maternity'), groupOnly: true }];

function renderForm(props: { organization: Organization | null; parent: Organization | null }, onSave = vi.fn(async () => undefined)) {
  render(<OrganizationForm opened onClose={() => {}} organizations={ORGS} locations={LOCATIONS} ownAccountType="LAVO" isEmployee onSave={onSave} {...props} />);
  return onSave;
}

describe('OrganizationForm', () => {
  it('needs a change before Save, and keeps the parent', async () => {
    const onSave = renderForm({ organization: ORGS[2]!, parent: null });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Parent')).toHaveValue('Northwind');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), ' Hospital');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ id: 3, parentId: 2, name: "St. Mary's Hospital", type: 'HOSPITAL', accountType: 'PRO', settings: { defaultLocationId: 2, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400, groupOnlyLocationIds: [4] } }));
  });

  it('renames a department that has no default location, with a name pasted at once', async () => {
    const department: Organization = { id: 9, parentId: 3, name: 'Day Clinic', type: 'DEPARTMENT', accountType: 'PRO', settings, accessible: true };
    const onSave = renderForm({ organization: department, parent: null });
    const user = userEvent.setup();
    const name = screen.getByLabelText(/^Name/);
    await user.tripleClick(name);
    await user.paste('Day Clinic East');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ id: 9, parentId: 3, name: 'Day Clinic East', type: 'DEPARTMENT', accountType: 'PRO', settings: { defaultLocationId: null, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400, groupOnlyLocationIds: [] } }));
  });

  it('sets the audit match tolerance of an organization, refusing one out of range on the field', async () => {
    const onSave = renderForm({ organization: ORGS[2]!, parent: null });
    const user = userEvent.setup();
    const tolerance = screen.getByRole('textbox', { name: 'Observation audit match tolerance (seconds)' });
    expect(tolerance).toHaveValue('60 s');
    await user.clear(tolerance);
    await user.type(tolerance, '5');
    expect(await screen.findByText('must be a whole number from 10 to 600')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(tolerance, '0');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ id: 3, parentId: 2, name: "St. Mary's", type: 'HOSPITAL', accountType: 'PRO', settings: { defaultLocationId: 2, auditMatchToleranceSeconds: 50, hideLeaderboards: false, retentionDays: 400, groupOnlyLocationIds: [4] } }),
    );
  });

  it('turns leaderboards off for the organization and those below it (docs/PRIVACY.md)', async () => {
    const onSave = renderForm({ organization: ORGS[2]!, parent: null });
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /^No leaderboards/ }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ id: 3, parentId: 2, name: "St. Mary's", type: 'HOSPITAL', accountType: 'PRO', settings: { defaultLocationId: 2, auditMatchToleranceSeconds: 60, hideLeaderboards: true, retentionDays: 400, groupOnlyLocationIds: [4] } }),
    );
  });

  it('keeps raw presence as many days as set, from 30 to 3650 (docs/PRIVACY.md)', async () => {
    const onSave = renderForm({ organization: ORGS[2]!, parent: null });
    const user = userEvent.setup();
    const days = screen.getByRole('textbox', { name: /^Keep raw presence for \(days\)/ });
    expect(days).toHaveValue('400 days');
    await user.clear(days);
    await user.type(days, '9');
    expect(await screen.findByText('must be a whole number from 30 to 3650')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(days, '0');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ id: 3, parentId: 2, name: "St. Mary's", type: 'HOSPITAL', accountType: 'PRO', settings: { defaultLocationId: 2, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 90, groupOnlyLocationIds: [4] } }),
    );
  });

  it('makes its own locations group-only units, and only its own (docs/PRIVACY.md)', async () => {
    const onSave = renderForm({ organization: ORGS[2]!, parent: null });
    const user = userEvent.setup();
    const [units] = screen.getAllByLabelText('Group-only units');
    await user.click(units!);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(["St. Mary's campus", 'Maternity']);
    await user.click(screen.getByRole('option', { name: "St. Mary's campus" }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ id: 3, parentId: 2, name: "St. Mary's", type: 'HOSPITAL', accountType: 'PRO', settings: { defaultLocationId: 2, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400, groupOnlyLocationIds: [4, 2] } }),
    );
  });

  it('offers no account type above the parent’s', async () => {
    renderForm({ organization: null, parent: ORGS[2]! });
    await userEvent.setup().click(screen.getByRole('combobox', { name: /Account type/ }));
    expect(screen.queryByRole('option', { name: 'LAVO' })).toBeNull();
    expect(screen.getByRole('option', { name: 'PRO' })).toBeInTheDocument();
  });

  it('requires a default location for a hospital', async () => {
    renderForm({ organization: null, parent: ORGS[2]! });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Annex');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(screen.getByRole('option', { name: 'Hospital' }));
    await user.click(screen.getByRole('combobox', { name: /Account type/ }));
    await user.click(screen.getByRole('option', { name: 'PRO' }));
    expect(await screen.findByText('A default location is required for networks and hospitals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a name with an invisible character refused on the field, as the request would be', async () => {
    const onSave = renderForm({ organization: ORGS[2]!, parent: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), '\u200B');
    expect(await screen.findByText('must not contain invisible or control characters (it has U+200B)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
