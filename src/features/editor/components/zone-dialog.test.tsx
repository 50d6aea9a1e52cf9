import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import type { ZoneDraft } from '../editor-drafts';
import { REMINDER_INTERVAL_MESSAGE } from '../zone-rules';
import { ZoneDialog } from './zone-dialog';

const room: ZoneDraft = {
  id: 8,
  clientId: null,
  name: 'Room 12',
  type: 'PATIENT_ROOM',
  groupId: 3,
  ehrId: 'EHR-12',
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [10, 0], [10, 10], [0, 0]]] },
  meta: null,
  active: true,
  staged: false,
  publish: true,
  version: 2,
};
const drawn: ZoneDraft = { ...room, id: null, clientId: 'z-1', name: '', ehrId: null, staged: true, publish: false, version: null };

function renderDialog(zone: ZoneDraft, isNew = false) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(<ZoneDialog opened zone={zone} isNew={isNew} onSubmit={onSubmit} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: isNew ? 'Add zone' : 'Edit zone' }));
  return { dialog, onSubmit, onClose };
}

const save = () => screen.getByRole('button', { name: 'Save' });

async function chooseType(option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Edit zone', () => {
  it('enables Save only when changed and valid, with the EHR id read-only and the Active switch', async () => {
    const { dialog, onSubmit } = renderDialog(room);
    expect(dialog.getByRole('textbox', { name: 'EHR id' })).toHaveAttribute('readonly');
    expect(dialog.getByRole('textbox', { name: 'EHR id' })).toHaveValue('EHR-12');
    expect(save()).toBeDisabled();

    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }));
    expect(save()).toBeDisabled();
    expect(dialog.getByText('Name is required', { selector: '[role=alert]' })).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Room 12');
    expect(save()).toBeDisabled();

    await userEvent.click(dialog.getByRole('switch', { name: 'Active' }));
    expect(save()).toBeEnabled();
    await userEvent.click(save());
    expect(onSubmit).toHaveBeenCalledWith({ ...room, active: false });
  }, 20_000);

  it('groups the types and shows a reminder interval of 1 by default', async () => {
    const { dialog, onSubmit } = renderDialog(room);
    expect(dialog.queryByRole('textbox', { name: /Reminder interval/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    for (const group of ['Rooms', 'Diagnosis', 'MISC', 'Privacy']) expect(await screen.findByText(group)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'C. diff' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Reminder' }));

    const interval = dialog.getByRole('textbox', { name: /Reminder interval/ });
    expect(interval).toHaveValue('1');
    await userEvent.clear(interval);
    await userEvent.type(interval, '2000');
    expect(dialog.getByText(REMINDER_INTERVAL_MESSAGE, { selector: '[role=alert]' })).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await userEvent.clear(interval);
    await userEvent.type(interval, '15');
    await userEvent.click(save());
    expect(onSubmit).toHaveBeenCalledWith({ ...room, type: 'REMINDER', meta: { interval: 15 } });
  }, 20_000);

  it('closes on Cancel and on Escape', async () => {
    const { dialog, onClose } = renderDialog(room);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  }, 20_000);
});

describe('Add zone', () => {
  it('has no Active switch nor EHR id, and hands back the named zone', async () => {
    const { dialog, onSubmit } = renderDialog(drawn, true);
    expect(dialog.queryByRole('switch', { name: 'Active' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'EHR id' })).not.toBeInTheDocument();
    expect(save()).toBeDisabled();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Med room');
    await chooseType('Reminder');
    await userEvent.click(save());
    expect(onSubmit).toHaveBeenCalledWith({ ...drawn, name: 'Med room', type: 'REMINDER', meta: { interval: 1 } });
  }, 20_000);
});
