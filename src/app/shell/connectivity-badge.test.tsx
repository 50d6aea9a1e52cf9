import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { offlineDb, type OutboxItem } from '@/offline/db';
import { enqueue, queueOf, registerOutboxHandler } from '@/offline/outbox';
import { outboxUserOf } from '@/offline/use-outbox';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { ConnectivityBadge, indicatorOf } from './connectivity-badge';

registerOutboxHandler<{ tag: string }>('badge-test', {
  send: async () => {},
  describe: (payload) => `Assign tag ${payload.tag} to Dana Ortiz`,
});

const item = (status: OutboxItem['status']): OutboxItem => ({
  id: crypto.randomUUID(),
  userSub: 's',
  type: 'badge-test',
  entity: 'e',
  payload: {},
  createdAt: 0,
  attempts: 0,
  status,
  lastError: null,
  nextAttemptAt: 0,
});

describe('the connectivity indicator', () => {
  it('says online, offline with the queue, syncing N, N waiting or N not accepted', () => {
    expect(indicatorOf(true, false, []).label).toBe('Online');
    expect(indicatorOf(false, false, []).label).toBe('Offline');
    expect(indicatorOf(false, false, [item('pending'), item('pending')]).label).toBe('Offline · 2 queued');
    expect(indicatorOf(true, true, [item('pending'), item('pending'), item('pending')]).label).toBe('Syncing 3');
    expect(indicatorOf(true, false, [item('pending')]).label).toBe('1 waiting');
    expect(indicatorOf(true, false, [item('pending'), item('failed')])).toMatchObject({ label: '1 not accepted', color: 'red' });
  });
});

describe('the outbox panel', () => {
  afterEach(async () => {
    await offlineDb().outbox.clear();
  });

  async function setup() {
    const session = makeSession('manager');
    const userSub = outboxUserOf(session.user);
    const refused = await enqueue(offlineDb(), { userSub, type: 'badge-test', entity: 'nfc:A', payload: { tag: '04A1' } });
    await offlineDb().outbox.update(refused.id, { status: 'failed', attempts: 1, lastError: 'This tag was assigned to Sam Reed meanwhile.' });
    render(
      <SessionProvider value={session}>
        <ConnectivityBadge />
      </SessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /1 not accepted/ }));
    return { userSub, refused };
  }

  it('lists a refused change in words with the server’s message', async () => {
    await setup();
    const card = await screen.findByRole('article', { name: 'Assign tag 04A1 to Dana Ortiz' });
    expect(within(card).getByText(/Not accepted: This tag was assigned to Sam Reed meanwhile\./)).toBeInTheDocument();
  });

  it('asks before discarding, and Cancel keeps the change', async () => {
    const { userSub } = await setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(dialog).toHaveTextContent('"Assign tag 04A1 to Dana Ortiz" will not reach the server.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await queueOf(offlineDb(), userSub)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this change?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await queueOf(offlineDb(), userSub)).toHaveLength(0));
    expect(await screen.findByText('Everything you changed has reached the server.')).toBeInTheDocument();
  });

  it('Retry puts the change back in the queue with the same key', async () => {
    const { userSub, refused } = await setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await queueOf(offlineDb(), userSub)).map((i) => [i.id, i.status])).toEqual([[refused.id, 'pending']]));
  });
});
