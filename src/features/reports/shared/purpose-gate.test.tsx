import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointSpec } from '@contracts/endpoint';
import { privacyEndpoints } from '@contracts/privacy';
import { ApiError, ConnectionError, mainApi } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { statedFor } from '@/test/purposes';
import { createTestQueryClient, render } from '@/test/render';
import { PurposeGate, purposeKeys } from './purpose-gate';

// docs/PRIVACY.md 'A purpose first': the figures of someone else open once a purpose is stated.

const session = makeSession('admin');
const GRACE = { id: 31, name: 'Grace Hopper' };

let stated: number[] = [];
let sent: unknown[] = [];
let refuse: Error | null = null;
beforeEach(() => {
  stated = [];
  sent = [];
  refuse = null;
  vi.spyOn(mainApi, 'call').mockImplementation(async (spec: EndpointSpec, input: { body?: unknown } = {}) => {
    if (spec.path !== privacyEndpoints.purposes.path) throw new Error(`unexpected call ${spec.path}`);
    if (spec.method === 'GET') {
      if (refuse) throw refuse;
      return statedFor(...stated) as never;
    }
    sent.push(input.body);
    const { personUserId } = input.body as { personUserId: number };
    stated.push(personUserId);
    return statedFor(personUserId).data[0] as never;
  });
});
afterEach(() => vi.restoreAllMocks());

const renderGate = (person: { id: number; name: string } | null) =>
  render(
    <SessionProvider value={session}>
      <PurposeGate person={person}>
        <p>Their figures</p>
      </PurposeGate>
    </SessionProvider>,
  );

describe('the purpose gate', () => {
  it('shows one’s own figures at once, asking nothing', async () => {
    renderGate({ id: session.user.id, name: 'Me' });
    expect(screen.getByText('Their figures')).toBeInTheDocument();
    renderGate(null);
    expect(screen.getAllByText('Their figures')).toHaveLength(2);
  });

  it('asks why before someone else’s figures, needs a note for Other, and opens them once stated', async () => {
    renderGate(GRACE);
    expect(await screen.findByRole('heading', { name: "Why are you opening Grace Hopper's data?" })).toBeInTheDocument();
    expect(screen.queryByText('Their figures')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Open their figures' });
    expect(open).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(open).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Checking a badge swap');
    await userEvent.click(open);
    expect(await screen.findByText('Their figures')).toBeInTheDocument();
    expect(sent).toEqual([{ personUserId: GRACE.id, purpose: 'OTHER', note: 'Checking a badge swap' }]);
  });

  it('opens at once for a person already covered in this sign-in', async () => {
    stated = [GRACE.id];
    renderGate(GRACE);
    expect(await screen.findByText('Their figures')).toBeInTheDocument();
  });

  it('says the server’s refusal on the form', async () => {
    vi.mocked(mainApi.call).mockImplementation(async (spec: EndpointSpec) => {
      if (spec.method === 'GET') return statedFor() as never;
      throw new ApiError(404, 'User not found', { message: 'User not found' });
    });
    renderGate(GRACE);
    await userEvent.click(await screen.findByRole('radio', { name: 'Audit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open their figures' }));
    expect(await screen.findByTestId('purpose-error')).toHaveTextContent('User not found');
    expect(screen.queryByText('Their figures')).not.toBeInTheDocument();
  });

  it('without a connection, opens what this device last read as stated in this sign-in, and says why it cannot ask otherwise', async () => {
    refuse = new ConnectionError();
    renderGate(GRACE);
    expect(await screen.findByTestId('load-offline')).toBeInTheDocument();
    expect(screen.getByTestId('load-offline')).toHaveTextContent("Grace Hopper's figures open once you say why, which needs a connection.");

    const queryClient = createTestQueryClient();
    queryClient.setQueryData(purposeKeys.stated, statedFor(GRACE.id));
    render(
      <SessionProvider value={session}>
        <PurposeGate person={GRACE}>
          <p>Cached figures</p>
        </PurposeGate>
      </SessionProvider>,
      { queryClient },
    );
    expect(await screen.findByText('Cached figures')).toBeInTheDocument();
  });

  it('keeps nothing of the form’s answer but what the server stored', async () => {
    renderGate(GRACE);
    await userEvent.click(await screen.findByRole('radio', { name: 'Infection investigation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open their figures' }));
    await waitFor(() => expect(stated).toEqual([GRACE.id]));
    expect(sent).toEqual([{ personUserId: GRACE.id, purpose: 'INFECTION_INVESTIGATION' }]);
  });
});
