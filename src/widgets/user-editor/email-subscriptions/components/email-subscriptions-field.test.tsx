import type { EmailSubscription } from '@contracts/email-subscriptions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { EmailSubscriptionsField } from './email-subscriptions-field';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ mainApi: { call } }));

const facility: EmailSubscription = { id: 11, userId: 5, type: 'FACILITY_COMPLIANCE_REPORT', schedule: '30 12 * * 1' };

function show(who: Parameters<typeof makeSession>[0]) {
  render(
    <SessionProvider value={makeSession(who)}>
      <EmailSubscriptionsField userId={5} />
    </SessionProvider>,
  );
}

/** The call made with the endpoint of this method. */
const callsOf = (method: string) => call.mock.calls.filter(([spec]) => (spec as { method: string }).method === method);

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((spec: { method: string }) => Promise.resolve(spec.method === 'GET' ? [facility] : { id: 11 }));
});

describe('EmailSubscriptionsField', () => {
  it('shows the user’s subscriptions and saves a change at once', async () => {
    const user = userEvent.setup();
    show('manager');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Facility report' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Department report' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Department report' }));
    await waitFor(() => expect(callsOf('POST')).toHaveLength(1));
    expect(callsOf('POST')[0]?.[1]).toMatchObject({ params: { id: 5 }, body: { userId: 5, type: 'DEPARTMENT_COMPLIANCE_REPORT', schedule: '30 12 * * 1' } });

    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Facility report' })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: 'Facility report' }));
    await waitFor(() => expect(callsOf('DELETE')).toHaveLength(1));
    expect(callsOf('DELETE')[0]?.[1]).toMatchObject({ params: { id: 5 }, query: { id: 11 } });
  });

  it('only logs a failed save', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    show('manager');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Facility report' })).toBeChecked());
    call.mockImplementation((spec: { method: string }) => (spec.method === 'GET' ? Promise.resolve([facility]) : Promise.reject(new Error('offline'))));
    await user.click(screen.getByRole('checkbox', { name: 'Individual report' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not save the email preference', expect.any(Error)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('is not shown to a caller without USER_EMAIL', () => {
    show({ subjects: ['USERS_ACCOUNTS'], accountType: 'PRO' });
    expect(screen.queryByText('Compliance Report')).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
