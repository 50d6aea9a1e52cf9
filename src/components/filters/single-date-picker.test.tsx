import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { SingleDatePicker } from './single-date-picker';

const TODAY = '2025-05-07';

async function openPicker(props: Partial<Parameters<typeof SingleDatePicker>[0]> = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<SingleDatePicker value="2025-05-03" today={TODAY} onChange={onChange} {...props} />);
  await user.click(screen.getByRole('button', { name: /^Date/ }));
  const dialog = await screen.findByRole('dialog');
  return { user, onChange, dialog };
}

describe('SingleDatePicker', () => {
  it('shows the day on a labelled button', () => {
    render(<SingleDatePicker value="2025-05-03" today={TODAY} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Date May 3, 2025' })).toBeInTheDocument();
  });

  it('calls onChange with the picked day and closes', async () => {
    const { user, onChange, dialog } = await openPicker();
    await user.click(within(dialog).getByRole('button', { name: '5 May 2025' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2025-05-05');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Today and Yesterday', async () => {
    const { user, onChange, dialog } = await openPicker();
    await user.click(within(dialog).getByRole('button', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenLastCalledWith('2025-05-06');

    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Today' }));
    expect(onChange).toHaveBeenLastCalledWith('2025-05-07');
  });

  it('disables days after today', async () => {
    const { dialog } = await openPicker();
    expect(within(dialog).getByRole('button', { name: '7 May 2025' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '8 May 2025' })).toBeDisabled();
  });

  it('only lets available days be picked', async () => {
    const { dialog } = await openPicker({ availableDays: ['2025-05-03', '2025-05-06'] });
    expect(within(dialog).getByRole('button', { name: '6 May 2025' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '5 May 2025' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Today' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Yesterday' })).toBeEnabled();
  });
});
