import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { offlineDb, type OutboxItem } from './db';
import { queueOf, registerOutboxHandler } from './outbox';
import { startOutboxSync } from './sync';
import { outboxUserOf } from './use-outbox';
import { type EditKind, type EditOutcome, resultsOf, type SubmittedEdits, useSubmitEdits } from './use-submit-edits';

const session = makeSession('tech');
const userSub = outboxUserOf(session.user);

/** What the fake server received, by label. */
let received: string[] = [];
/** The answer of the next sends, by label: an error to throw, or nothing (accepted). */
let answers = new Map<string, unknown>();
/** Whether the browser says it is online. */
let online = true;

registerOutboxHandler<{ label: string }>('submit-test', {
  async send(payload) {
    received.push(payload.label);
    const answer = answers.get(payload.label);
    if (answer) throw answer;
  },
  describe: (payload) => `Tag ${payload.label}`,
});

const TAG: EditKind<{ label: string }> = { type: 'submit-test', entity: (payload) => `tag:${payload.label}` };
const tags = (...labels: string[]) => labels.map((label) => ({ label }));

const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider value={session}>{children}</SessionProvider>;

/** Submits `payloads` as the screen would, answering what it returned and what it announced. */
async function submitTags(payloads: { label: string }[]) {
  const announced: SubmittedEdits<{ label: string }>[] = [];
  const { result } = renderHook(() => useSubmitEdits(), { wrapper });
  let submitted: SubmittedEdits<{ label: string }> | undefined;
  await act(async () => {
    submitted = await result.current(TAG, payloads, (edits) => announced.push(edits));
  });
  return { submitted: submitted!, announced };
}

let stop: () => void = () => {};
beforeEach(() => {
  received = [];
  answers = new Map();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stop = startOutboxSync({ db: offlineDb(), userSub, isOnline: () => online });
});
afterEach(async () => {
  stop();
  vi.restoreAllMocks();
  await offlineDb().outbox.clear();
});

describe('submitting edits', () => {
  it('sends at once when online and answers each payload’s result in the order given', async () => {
    answers.set('b', new ApiError(409, 'Tag already exists', undefined));
    const { submitted } = await submitTags(tags('a', 'b', 'c'));
    expect(received.sort()).toEqual(['a', 'b', 'c']);
    expect(submitted.results).toEqual([{ state: 'accepted' }, { state: 'refused', reason: 'Tag already exists' }, { state: 'accepted' }]);
    expect(submitted.outcome).toMatchObject({ offline: false, total: 3 });
    expect(submitted.outcome.sent.map((item) => item.payload.label)).toEqual(['a', 'c']);
    // The refused edit stays in the outbox with the server's message, for Retry or Discard.
    expect((await queueOf(offlineDb(), userSub)).map((item) => [item.payload, item.status, item.lastError])).toEqual([
      [{ label: 'b' }, 'failed', 'Tag already exists'],
    ]);
  });

  it('announces once, with what it answers, after the edits were sent', async () => {
    const { submitted, announced } = await submitTags(tags('a'));
    expect(announced).toHaveLength(1);
    expect(announced[0]).toBe(submitted);
    expect(announced[0]?.results).toEqual([{ state: 'accepted' }]);
  });

  it('queues under the kind’s type and each payload’s entity', async () => {
    online = false;
    await submitTags(tags('x', 'y'));
    expect((await queueOf(offlineDb(), userSub)).map((item) => [item.type, item.entity, item.userSub])).toEqual([
      ['submit-test', 'tag:x', userSub],
      ['submit-test', 'tag:y', userSub],
    ]);
  });

  it('keeps everything queued when offline, sending nothing, and says so in every result', async () => {
    online = false;
    const { submitted, announced } = await submitTags(tags('a', 'b'));
    expect(received).toEqual([]);
    expect(submitted.results).toEqual([
      { state: 'queued', offline: true },
      { state: 'queued', offline: true },
    ]);
    expect(submitted.outcome).toMatchObject({ offline: true, total: 2, sent: [], refused: [] });
    expect(submitted.outcome.waiting).toHaveLength(2);
    expect(announced).toHaveLength(1);
  });

  it('answers an edit the server could not be reached for as queued, online', async () => {
    answers.set('a', new TypeError('Failed to fetch'));
    const { submitted } = await submitTags(tags('a', 'b'));
    expect(submitted.results).toEqual([{ state: 'queued', offline: false }, { state: 'accepted' }]);
    expect(submitted.outcome.waiting.map((item) => [item.payload, item.lastError])).toEqual([[{ label: 'a' }, 'The server could not be reached.']]);
  });
});

describe('the results of an outcome', () => {
  const item = (id: string, lastError: string | null = null): OutboxItem<{ label: string }> => ({
    id,
    userSub,
    type: 'submit-test',
    entity: `tag:${id}`,
    payload: { label: id },
    createdAt: 0,
    attempts: 1,
    status: 'failed',
    lastError,
    nextAttemptAt: 0,
  });
  const outcome = (parts: Partial<EditOutcome<{ label: string }>>): EditOutcome<{ label: string }> => ({
    offline: false,
    total: 0,
    sent: [],
    refused: [],
    waiting: [],
    ...parts,
  });

  it('follows the order of the ids, not the order of the fates', () => {
    const results = resultsOf(outcome({ sent: [item('s')], refused: [item('r', 'Refused')], waiting: [item('w')] }), ['w', 'r', 's']);
    expect(results).toEqual([{ state: 'queued', offline: false }, { state: 'refused', reason: 'Refused' }, { state: 'accepted' }]);
  });

  it('gives a refusal without a message a reason and counts an unknown id as queued', () => {
    const results = resultsOf(outcome({ offline: true, refused: [item('r')] }), ['r', 'unknown']);
    expect(results).toEqual([
      { state: 'refused', reason: 'The server refused the change.' },
      { state: 'queued', offline: true },
    ]);
  });
});
