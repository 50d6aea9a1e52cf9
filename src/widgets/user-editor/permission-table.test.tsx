import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionSubject } from '@contracts/permissions';
import { render } from '@/test/render';
import { CATALOG } from '@/entities/roles/test-data';
import { groupedCatalog, PermissionTable } from './permission-table';

describe('PermissionTable', () => {
  it('ticks a permission from its name as from its box, which sits in a target of its own', async () => {
    const onChange = vi.fn();
    const first = groupedCatalog(CATALOG)[0];
    if (!first) throw new Error('no catalog');
    render(<PermissionTable catalog={CATALOG} selected={new Set<PermissionSubject>()} onChange={onChange} />);
    const table = screen.getByRole('table', { name: 'Permissions' });
    await userEvent.click(within(table).getAllByText(first.label, { selector: 'label' })[0] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith(new Set([first.subject]));
    const box = within(table).getByRole('checkbox', { name: first.label });
    // The box sits in a target of 44 × 44 px (a label around it, as in every selectable table).
    expect(box.closest('label')).not.toBeNull();
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
