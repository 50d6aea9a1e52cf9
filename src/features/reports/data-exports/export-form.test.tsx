import { EXPORT_MESSAGES } from '@contracts/reports/data-exports';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { ExportForm, refusalOf } from './export-form';

vi.setConfig({ testTimeout: 30_000 });

const organizations = [{ id: 1, parentId: null, name: 'Demo Health', accessible: true }];

function setup() {
  const onSave = vi.fn().mockResolvedValue({});
  render(<ExportForm organizations={organizations} onSave={onSave} onCancel={() => {}} offline={false} />);
  return { onSave, user: userEvent.setup() };
}

describe('ExportForm', () => {
  it('shows each step’s message when it is not valid, goes back and forth, and saves on the last step', async () => {
    const { onSave, user } = setup();
    const next = () => screen.getByRole('button', { name: 'Next' });

    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.nameRequired);
    await user.type(screen.getByLabelText('Name'), 'Active staff');
    await user.click(next());

    const sql = screen.getByLabelText('SQL query');
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.sqlRequired);
    fireEvent.change(sql, { target: { value: 'SELECT * FROM export_views.staff WHERE active = :active AND day >= :startDate' } });
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.sqlSemicolon);
    fireEvent.change(sql, { target: { value: 'SELECT 1; drop table x;' } });
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.sqlForbidden);
    fireEvent.change(sql, { target: { value: 'SELECT * FROM export_views.staff WHERE active = :active AND day >= :startDate;' } });
    await user.click(next());

    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.organizationsRequired);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('SQL query')).toHaveValue('SELECT * FROM export_views.staff WHERE active = :active AND day >= :startDate;');
    await user.click(next());
    await user.click(screen.getByLabelText('Organizations'));
    await user.click(await screen.findByRole('checkbox', { name: /Demo Health/ }));
    await user.keyboard('{Escape}');
    await user.click(next());

    // Only :active needs a type: the date range's parameters are given by every request.
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Type of :startDate')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.parameterTypes);
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('combobox', { name: 'Type of :active' }));
    await user.click(await screen.findByRole('option', { name: 'Boolean' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Active staff',
        sqlQuery: 'SELECT * FROM export_views.staff WHERE active = :active AND day >= :startDate;',
        organizationsIds: [1],
        parameters: [{ parameter: 'active', type: 'boolean' }],
      }),
    );
  });

  it('takes SQL over several lines with tabs, and refuses a name or SQL with control or invisible characters', async () => {
    const { onSave, user } = setup();
    const next = () => screen.getByRole('button', { name: 'Next' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Staff\u202E' } });
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent('must not contain invisible or control characters (it has U+202E)');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Staff' } });
    await user.click(next());

    const sql = screen.getByLabelText('SQL query');
    fireEvent.change(sql, { target: { value: 'SELECT name\n\tFROM export_views.staff\u0007\n\tWHERE day >= :startDate;' } });
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent('must not contain invisible or control characters other than line breaks and tabs (it has U+0007)');
    expect(sql).toHaveAttribute('aria-invalid', 'true');
    const multiLine = 'SELECT name\n\tFROM export_views.staff\n\tWHERE day >= :startDate;';
    fireEvent.change(sql, { target: { value: multiLine } });
    await user.click(next());
    await user.click(screen.getByLabelText('Organizations'));
    await user.click(await screen.findByRole('checkbox', { name: /Demo Health/ }));
    await user.keyboard('{Escape}');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Staff', sqlQuery: multiLine, organizationsIds: [1], parameters: [] }));
  });

  it('puts a refusal of the server back on the step of the field it names, in plain words, cleared once changed', async () => {
    const refused = 'must not contain invisible or control characters other than line breaks and tabs (it has U+0085) (body/sqlQuery)';
    expect(refusalOf(refused, 3)).toEqual({ step: 1, message: 'SQL query must not contain invisible or control characters other than line breaks and tabs (it has U+0085)' });
    expect(refusalOf('Export name already exists', 3)).toEqual({ step: 3, message: 'Export name already exists' });
    expect(refusalOf('Too big (body/unknownField)', 3)).toEqual({ step: 3, message: 'Too big (body/unknownField)' });

    const onSave = vi.fn().mockRejectedValueOnce(new Error(refused)).mockResolvedValue({});
    const user = userEvent.setup();
    render(<ExportForm organizations={organizations} onSave={onSave} onCancel={() => {}} offline={false} />);
    const next = () => screen.getByRole('button', { name: 'Next' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Staff' } });
    await user.click(next());
    fireEvent.change(screen.getByLabelText('SQL query'), { target: { value: 'SELECT name\n\tFROM export_views.staff;' } });
    await user.click(next());
    await user.click(screen.getByLabelText('Organizations'));
    await user.click(await screen.findByRole('checkbox', { name: /Demo Health/ }));
    await user.keyboard('{Escape}');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const sql = await screen.findByLabelText('SQL query');
    expect(screen.getByRole('alert')).toHaveTextContent(/^SQL query must not contain invisible or control characters other than line breaks and tabs \(it has U\+0085\)$/);
    expect(sql).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(sql, { target: { value: 'SELECT name\n\tFROM export_views.staff WHERE true;' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
