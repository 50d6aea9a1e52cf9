import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import type { TreeNode } from './tree';
import { TreeMultiSelect, TreeSelect } from './tree-multi-select';

const nodes: TreeNode[] = [
  { id: 1, name: 'Health System', parentId: null, accessible: false },
  { id: 2, name: 'North Hospital', parentId: 1, accessible: true },
  { id: 3, name: 'East Hospital', parentId: 1, accessible: true },
  { id: 4, name: 'ICU', parentId: 2, accessible: true },
  { id: 5, name: 'Cardiology', parentId: 2, accessible: true },
  { id: 6, name: 'Hidden Clinic', parentId: null, accessible: false },
];

const many: TreeNode[] = [1, 2, 3, 4, 5].map((n) => ({ id: 10 + n, name: `Unit ${n}`, parentId: null, accessible: true }));

/** A parent that keeps the selection, as a page's filter state would. */
function Harness({ onChange, initial = [] }: { onChange: (ids: number[]) => void; initial?: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <TreeMultiSelect
      label="Locations"
      nodes={nodes}
      value={value}
      placeholder="All locations"
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

async function open(initial: number[] = []) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness onChange={onChange} initial={initial} />);
  await user.click(screen.getByRole('button', { name: /^Locations/ }));
  return { user, onChange, dialog: await screen.findByRole('dialog') };
}

describe('TreeMultiSelect', () => {
  it('shows the placeholder when nothing is selected', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Locations All locations' })).toBeInTheDocument();
  });

  it('shows up to three names and +N more, a wholly ticked parent by its own name', () => {
    render(<Harness onChange={vi.fn()} initial={[4, 5, 3, 2]} />);
    expect(screen.getByRole('button', { name: /^Locations/ })).toHaveTextContent('East HospitalNorth Hospital');
    render(<TreeMultiSelect label="Units" nodes={many} value={[11, 12, 13, 14, 15]} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: /^Units/ })).toHaveTextContent('Unit 1Unit 2Unit 3+2 more');
  });

  it('hides nodes without access and shows inaccessible ancestors disabled', async () => {
    const { dialog } = await open();
    expect(within(dialog).queryByText('Hidden Clinic')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Health System' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'North Hospital' })).toBeEnabled();
  });

  it('expands and collapses branches', async () => {
    const { user, dialog } = await open();
    expect(within(dialog).queryByRole('checkbox', { name: 'ICU' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Expand North Hospital' }));
    expect(within(dialog).getByRole('checkbox', { name: 'ICU' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Collapse North Hospital' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'ICU' })).not.toBeInTheDocument();
  });

  it('applies each check at once, ids in tree order', async () => {
    const { user, onChange, dialog } = await open([4]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'East Hospital' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 4]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'ICU' }));
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it('filters by name, keeping the ancestors of matches', async () => {
    const { user, dialog } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search' }), 'card');
    expect(within(dialog).getByRole('checkbox', { name: 'Cardiology' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'North Hospital' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'East Hospital' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'ICU' })).not.toBeInTheDocument();
  });

  it('ticks a parent with all under it and leaves it partly ticked when a child is unticked', async () => {
    const { user, onChange, dialog } = await open([2, 3, 4, 5]);
    // The tree opens on the way to every ticked node.
    expect(within(dialog).getByRole('button', { name: 'Collapse North Hospital' })).toBeInTheDocument();
    const box = (name: string) => within(dialog).getByRole('checkbox', { name });
    expect(box('ICU')).toBeChecked();
    await user.click(box('ICU'));
    // The hospital is partly ticked and no longer chosen: its other unit is.
    expect(onChange).toHaveBeenLastCalledWith([3, 5]);
    expect(box('North Hospital')).not.toBeChecked();
    expect(box('North Hospital')).toHaveAttribute('data-indeterminate', 'true');
    expect(box('Health System')).toHaveAttribute('data-indeterminate', 'true');
    await user.click(box('North Hospital'));
    expect(onChange).toHaveBeenLastCalledWith([3, 2]);
    expect(box('ICU')).toBeChecked();
    expect(box('Health System')).toBeChecked();
  });

  it('selects everything with Select all; Clear unticks all, and closing with nothing ticked keeps the selection', async () => {
    const { user, onChange, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 2]);
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByRole('checkbox', { name: 'East Hospital' })).not.toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Nothing is ticked');
    expect(screen.getByRole('button', { name: 'Locations All locations' })).toBeInTheDocument();
    // A report needs something: nothing was applied, and the next tick starts from nothing.
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('checkbox', { name: 'East Hospital' }));
    expect(onChange).toHaveBeenLastCalledWith([3]);

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByRole('button', { name: 'Clear' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Locations/ })).toHaveTextContent('East Hospital');
  });

  it('is operable from the keyboard', async () => {
    const { user, onChange, dialog } = await open();
    within(dialog).getByRole('checkbox', { name: 'East Hospital' }).focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith([3]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('TreeSelect', () => {
  it('picks one accessible node and closes', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TreeSelect label="Location" nodes={nodes} value={3} onChange={onChange} />);
    const field = screen.getByRole('button', { name: /^Location/ });
    expect(field).toHaveTextContent('East Hospital');

    await user.click(field);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Health System' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'East Hospital' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'North Hospital' }));

    expect(onChange).toHaveBeenCalledExactlyOnceWith(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
