import { EXPORT_MESSAGES, type DataExport } from '@contracts/reports/data-exports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { RequestForm } from './request-dialog';
import { requestQuery, requestReady } from './request-rules';

const exportOf = (parameters: DataExport['parameters']): DataExport => ({
  id: 3, name: 'Staff list', sqlQuery: null, organizationsIds: [1], organizations: [], parameters, lastRequestedAt: null,
});

describe('requestReady', () => {
  const parameters = [
    { parameter: 'minimum', type: 'integer' as const },
    { parameter: 'organizationId', type: 'integer' as const },
  ];
  it('needs a valid range and every parameter but an organization or group one', () => {
    const base = { startDate: '2026-11-01', endDate: '2026-11-07', values: {} };
    expect(requestReady(parameters, base)).toBe(false);
    expect(requestReady(parameters, { ...base, values: { minimum: '3' } })).toBe(true);
    expect(requestReady(parameters, { ...base, values: { minimum: '3.5' } })).toBe(false);
    expect(requestReady(parameters, { ...base, startDate: '2026-11-08', values: { minimum: '3' } })).toBe(false);
    expect(requestReady(parameters, { ...base, startDate: '', values: { minimum: '3' } })).toBe(false);
    expect(requestQuery(parameters, { ...base, values: { minimum: '3', organizationId: '' } })).toEqual({ startDate: '2026-11-01', endDate: '2026-11-07', minimum: '3' });
  });
});

describe('RequestForm', () => {
  it('enables the run button once the range is valid and the parameter is filled, and sends them', async () => {
    const onRequest = vi.fn().mockResolvedValue({});
    const user = userEvent.setup();
    render(<RequestForm dataExport={exportOf([{ parameter: 'active', type: 'boolean' }])} onClose={() => {}} onRequest={onRequest} offline={false} today="2026-11-07" />);
    const run = screen.getByRole('button', { name: 'Run export' });
    expect(run).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'active' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    expect(run).toBeEnabled();

    await user.clear(screen.getByLabelText(/Start date/));
    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.dateRange);
    expect(run).toBeDisabled();
    await user.type(screen.getByLabelText(/Start date/), '2026-11-02');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(run);
    await waitFor(() => expect(onRequest).toHaveBeenCalledWith({ startDate: '2026-11-02', endDate: '2026-11-07', active: 'true' }));
  });

  it('is disabled offline, with a note', () => {
    render(<RequestForm dataExport={exportOf([])} onClose={() => {}} onRequest={vi.fn()} offline today="2026-11-07" />);
    expect(screen.getByRole('button', { name: 'Run export' })).toBeDisabled();
    expect(screen.getByText(/needs the connection/)).toBeInTheDocument();
  });
});
