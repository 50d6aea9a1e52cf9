import type { Group, Organization } from '@contracts/entities';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { INCOMPLETE_LOCATION_MESSAGE, LocationForm } from './location-form';

// A form of fifteen fields typed into: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const base = {
  organizationId: 3,
  type: 'BUILDING',
  address: '1 Main St',
  timeZone: 'US/Pacific',
  floorplanImage: null,
  shiftLengthHours: 12,
  requiredHandWashDuration: 20,
  requiredVisitDuration: 30,
  beforeEntrySecondsToComply: 60,
  afterEntrySecondsToComply: 60,
  beforeExitSecondsToComply: 60,
  afterExitSecondsToComply: 120,
  mapScale: null,
  groupOnly: false,
  accessible: true,
} satisfies Omit<Group, 'id' | 'parentId' | 'name'>;
const ROOT: Group = { ...base, id: 1, parentId: null, name: 'Network' };
const HOSPITAL: Group = { ...base, id: 2, parentId: 1, name: 'Hospital' };
const TOWER: Group = { ...base, id: 4, parentId: 2, name: 'Tower' };
const LOCATIONS = [ROOT, HOSPITAL, TOWER];
const ORGS: Organization[] = [
  { id: 3, parentId: 2, name: "St. Mary's", type: 'HOSPITAL', accountType: 'PRO', settings: { defaultLocationId: 2, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 }, accessible: true },
];

function renderForm(props: { location: Group | null; parent: Group | null }, onSave = vi.fn(async () => undefined)) {
  const session = makeSession('admin');
  session.bootstrap.enums.groupTypes = ['NETWORK', 'HOSPITAL', 'BUILDING', 'FLOOR', 'UNIT'];
  session.bootstrap.enums.timeZones = [{ value: 'US/Pacific', label: 'Pacific' }];
  render(
    <SessionProvider value={session}>
      <LocationForm opened onClose={() => {}} locations={LOCATIONS} organizations={ORGS} onSave={onSave} {...props} />
    </SessionProvider>,
  );
  return onSave;
}

describe('LocationForm', () => {
  it('enables Save only once an edit changes something, and sends the change', async () => {
    const onSave = renderForm({ location: HOSPITAL, parent: null });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Wash duration/));
    await user.type(screen.getByLabelText(/Wash duration/), '25');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: 2, parentId: 1, requiredHandWashDuration: 25, requiredVisitDuration: 30 })));
  });

  it('keeps the parent read-only and the visit duration editable only under the root', () => {
    renderForm({ location: null, parent: TOWER });
    expect(screen.getByLabelText('Parent')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Parent')).toHaveValue('Tower');
    expect(screen.getByLabelText(/Visit duration/)).toBeDisabled();
    expect(screen.getByLabelText(/Shift length/)).toHaveAttribute('placeholder', '8');
    expect(screen.getByLabelText(/Before entry/)).toHaveAttribute('placeholder', '40');
    expect(screen.getByLabelText(/After exit/)).toHaveAttribute('placeholder', '120');
  });

  it('lets the visit duration of a top location’s child be edited', () => {
    renderForm({ location: null, parent: ROOT });
    expect(screen.getByLabelText(/Visit duration/)).toBeEnabled();
  });

  it('refuses a floor plan that is not png or jpeg', async () => {
    renderForm({ location: HOSPITAL, parent: null });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['GIF89a'], 'plan.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The floor plan must be a png or jpeg image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('lets Save be pressed with a required field empty, and then marks and focuses it instead of staying silent', async () => {
    // A unit stored without an address (the field sits below the fold on a tablet).
    const onSave = renderForm({ location: { ...TOWER, address: '' }, parent: HOSPITAL });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), ' West');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    const address = screen.getByLabelText(/^Address/);
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(INCOMPLETE_LOCATION_MESSAGE);
    expect(onSave).not.toHaveBeenCalled();
  });
});
