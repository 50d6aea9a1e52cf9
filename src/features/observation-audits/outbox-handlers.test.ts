import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { setConfig } from '@/lib/config';
import { outboxHandler } from '@/offline/outbox';
import { auditKeys } from './api/keys';
import {
  AUDIT_OBSERVATION,
  AUDIT_OBSERVATION_UNDO,
  AUDIT_SESSION_END,
  AUDIT_SESSION_START,
  auditSessionEntity,
  registerAuditOutboxHandlers,
  type ObservationPayload,
} from './outbox-handlers';
import { ICU, serverSession } from './test-data';

const SESSION = '7d7f8c1e-3b7a-4d0e-9a51-0c4a1f0b2c3d';
const RECORD = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    request: `${init?.method} ${new URL(String(url), 'http://lavo.test').pathname}`,
    key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
  }));

beforeAll(() => {
  setConfig(testConfig);
  registerAuditOutboxHandlers();
});
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const observation: ObservationPayload = {
  body: { clientId: RECORD, sessionClientId: SESSION, observedAt: '2026-05-04T15:01:02.000Z', zoneId: 101, indication: 'MOMENT_1', action: 'RUB', gloves: true, userId: 41, professionId: null },
  personName: 'Dana Ortiz',
  roomName: 'Room 301',
};

describe('the observation audits’ outbox handlers', () => {
  it('send each creation and the undo to its endpoint under the outbox’s key', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, serverSession(SESSION, '2026-05-04T15:00:00.000Z')))
      .mockResolvedValueOnce(json(200, { ...observation.body }))
      .mockResolvedValueOnce(json(200, { removed: true }))
      .mockResolvedValueOnce(json(200, serverSession(SESSION, '2026-05-04T15:00:00.000Z', { endedAt: '2026-05-04T16:00:00.000Z' })));
    const start = { body: { clientId: SESSION, groupId: 6, startedAt: '2026-05-04T15:00:00.000Z' }, unitName: 'ICU – 3 North', unit: ICU };
    await outboxHandler(AUDIT_SESSION_START)!.send(start, { idempotencyKey: 'k-1', itemId: 'k-1' });
    await outboxHandler(AUDIT_OBSERVATION)!.send(observation, { idempotencyKey: 'k-2', itemId: 'k-2' });
    await outboxHandler(AUDIT_OBSERVATION_UNDO)!.send({ clientId: RECORD, sessionClientId: SESSION, indication: 'MOMENT_1', action: 'RUB' }, { idempotencyKey: 'k-3', itemId: 'k-3' });
    await outboxHandler(AUDIT_SESSION_END)!.send({ clientId: SESSION, endedAt: '2026-05-04T16:00:00.000Z', unitName: 'ICU – 3 North' }, { idempotencyKey: 'k-4', itemId: 'k-4' });

    expect(sent()).toEqual([
      { request: 'POST /api/audits/sessions', key: 'k-1', body: start.body },
      { request: 'POST /api/audits/observations', key: 'k-2', body: observation.body },
      { request: `DELETE /api/audits/observations/${RECORD}`, key: 'k-3', body: null },
      { request: `POST /api/audits/sessions/${SESSION}/end`, key: 'k-4', body: { endedAt: '2026-05-04T16:00:00.000Z' } },
    ]);
  });

  it('describe each edit in the observer’s words and refresh the session lists once sent', () => {
    const handler = outboxHandler(AUDIT_OBSERVATION)!;
    expect(handler.describe(observation)).toBe('Observation: Before touching a patient, Rub with gloves (Dana Ortiz)');
    expect(outboxHandler(AUDIT_OBSERVATION_UNDO)!.describe({ clientId: RECORD, sessionClientId: SESSION, indication: 'ROOM_EXIT', action: 'MISSED' })).toBe(
      'Undo observation: Room exit, Missed',
    );
    expect(handler.invalidates?.(observation)).toEqual([auditKeys.sessionLists()]);
    expect(auditSessionEntity(SESSION)).toBe(`audit-session:${SESSION}`);
  });
});
