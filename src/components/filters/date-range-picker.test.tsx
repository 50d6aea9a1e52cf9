import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { DateRangePicker } from './date-range-picker';

const TODAY = '2025-05-07';

async function openPicker(props: Partial<Parameters<typeof DateRangePicker>[0]> = {}) {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<DateRangePicker start="2025-05-01" end="2025-05-07" today={TODAY} onApply={onApply} {...props} />);
  await user.click(screen.getByRole('button', { name: /Date range/ }));
  const dialog = await screen.findByRole('dialog');
  return { user, onApply, dialog };
}

describe('DateRangePicker', () => {
  it('shows the current range on a labelled button', () => {
    render(<DateRangePicker start="2025-05-01" end="2025-05-07" today={TODAY} onApply={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Date range May 1 – May 7, 2025' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('shows a single day as one date', () => {
    render(<DateRangePicker start="2025-05-07" end="2025-05-07" today={TODAY} onApply={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Date range/ })).toHaveTextContent('May 7, 2025');
  });

  it('keeps Apply disabled until the second day is picked, then applies the ordered range', async () => {
    const { user, onApply, dialog } = await openPicker();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: '20 April 2025' }));
    expect(apply).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: '12 April 2025' }));
    expect(apply).toBeEnabled();
    await user.click(apply);

    expect(onApply).toHaveBeenCalledExactlyOnceWith('2025-04-12', '2025-04-20');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('selects a shortcut in the calendar and applies it only with Apply', async () => {
    const { user, onApply, dialog } = await openPicker();

    await user.click(within(dialog).getByRole('button', { name: 'Yesterday' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: '6 May 2025' })).toHaveAttribute('data-selected');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith('2025-05-06', '2025-05-06');
  });

  it.each([
    ['Today', '2025-05-07', '2025-05-07'],
    ['Last Week', '2025-05-01', '2025-05-07'],
    ['Last Month', '2025-04-08', '2025-05-07'],
  ])('applies the %s shortcut as [%s, %s]', async (shortcut, start, end) => {
    const { user, onApply, dialog } = await openPicker({ start: '2025-03-01', end: '2025-03-02' });
    await user.click(within(dialog).getByRole('button', { name: shortcut }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(start, end);
  });

  it('disables days after today', async () => {
    const { dialog } = await openPicker();
    expect(within(dialog).getByRole('button', { name: '7 May 2025' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '8 May 2025' })).toBeDisabled();
  });

  it('disables days before one year and two weeks ago', async () => {
    const { dialog } = await openPicker({ start: '2024-04-23', end: '2024-04-30' });
    expect(within(dialog).getByRole('button', { name: '23 April 2024' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '22 April 2024' })).toBeDisabled();
  });

  it('discards a change on Cancel and reopens on the current value', async () => {
    const { user, onApply, dialog } = await openPicker();
    await user.click(within(dialog).getByRole('button', { name: '20 April 2025' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Date range/ }));
    const reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('button', { name: '1 May 2025' })).toHaveAttribute('data-selected');
    expect(within(reopened).getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('says when no range is chosen, opens on this month and applies the days picked', async () => {
    const { user, onApply, dialog } = await openPicker({ start: null, end: null, emptyText: 'All days' });
    expect(screen.getByRole('button', { name: 'Date range All days' })).toBeInTheDocument();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '2 May 2025' }));
    await user.click(within(dialog).getByRole('button', { name: '4 May 2025' }));
    await user.click(apply);
    expect(onApply).toHaveBeenCalledExactlyOnceWith('2025-05-02', '2025-05-04');
  });
});
