import { describe, expect, it } from 'vitest';
import { LOG_BODY_CHARS, REDACTED } from '../../../server/src/contracts/server-log';
import { buildEntry, eventsOf, groupIdsOf, logHeaders, sourceOf, type AnsweredRequest } from '../../../server/src/plugins/server-log-entry';
import { logText } from '../../../server/src/plugins/log-text';

const request = (over: Partial<AnsweredRequest> = {}): AnsweredRequest => ({
  id: 'a-1',
  env: 'test',
  method: 'GET',
  url: '/api/bootstrap?username=x',
  headers: { 'user-agent': 'Mozilla/5.0', authorization: 'eyJh.eyJi.sig', accept: 'application/json' },
  query: { username: 'x' },
  body: undefined,
  status: 200,
  durationMs: 12.345,
  answeredAt: Date.parse('2026-11-26T12:00:00.100Z'),
  error: null,
  gatewayRoute: false,
  ingest: false,
  gatewayGroupId: null,
  userId: 7,
  ...over,
});

describe('the server log entry', () => {
  it('keeps the entry fields with the time the request arrived and its duration', () => {
    const entry = buildEntry(request());
    expect(entry).toMatchObject({
      id: 'a-1',
      env: 'test',
      ua: 'Mozilla/5.0',
      method: 'GET',
      path: '/api/bootstrap',
      query: '{"username":"x"}',
      body: null,
      status: 200,
      error: null,
      type: null,
      source: 'Browsers',
      events: [],
      groupIds: [],
      userId: 7,
      durationMs: 12.3,
    });
    expect(entry.at).toBe('2026-11-26T12:00:00.088Z');
  });

  it('shows allow-listed headers and redacts every other one', () => {
    const headers = logHeaders({
      authorization: 'Bearer secret',
      cookie: 'session=abc',
      'x-gateway-token': 'abc',
      'x-api-key': 'k',
      'user-agent': 'UA',
      'x-gateway-mac': 'AA:BB:CC:DD:EE:FF',
      referer: 'https://lavo.example/auth?code=123',
    });
    expect(headers).toEqual({
      authorization: REDACTED,
      cookie: REDACTED,
      'x-gateway-token': REDACTED,
      'x-api-key': REDACTED,
      'user-agent': 'UA',
      'x-gateway-mac': 'AA:BB:CC:DD:EE:FF',
      referer: 'https://lavo.example/auth',
    });
  });

  it('redacts passwords, temporary passwords, tokens and codes in bodies and queries, however deep', () => {
    const body = {
      username: 'nurse@demo.health',
      password: 'Demo!2345',
      temporaryPassword: 'Temp!2345',
      nested: { refreshToken: 'r', items: [{ confirmationCode: '123456', name: 'ok' }] },
      note: 'eyJhbGciOi.eyJzdWIiOi.c2ln',
    };
    const text = logText(body, LOG_BODY_CHARS)!;
    expect(text).not.toMatch(/Demo!2345|Temp!2345|123456|"r"|eyJhbGciOi/);
    expect(JSON.parse(text)).toEqual({
      username: 'nurse@demo.health',
      password: REDACTED,
      temporaryPassword: REDACTED,
      nested: { refreshToken: REDACTED, items: [{ confirmationCode: REDACTED, name: 'ok' }] },
      note: REDACTED,
    });
    expect(logText('socket_id=1.2&password=hunter2&token=abc', 200)).toBe(`socket_id=1.2&password=${REDACTED}&token=${REDACTED}`);
  });

  it('cuts a large body to a few kilobytes, marked, without walking all of it', () => {
    const events = Array.from({ length: 5000 }, (_, i) => ({ id: `e${i}`, type: 'heartbeat', device: 'AA:BB:CC:DD:EE:FF', at: '2026-11-26T12:00:00Z' }));
    const started = performance.now();
    const text = logText({ events }, LOG_BODY_CHARS)!;
    expect(performance.now() - started).toBeLessThan(20);
    expect(text.length).toBe(LOG_BODY_CHARS + 1);
    expect(text.endsWith('…')).toBe(true);
    expect(logText('x'.repeat(100_000), 100)).toBe(`${'x'.repeat(100)}…`);
  });

  it('classifies gateway, AWS and browser requests', () => {
    expect(sourceOf({}, true)).toBe('Gateway');
    expect(sourceOf({ 'x-gateway-mac': 'AA:BB:CC:DD:EE:FF' }, false)).toBe('Gateway');
    expect(sourceOf({ authorization: 'AWS4-HMAC-SHA256 Credential=x' }, false)).toBe('AWS');
    expect(sourceOf({ 'x-amz-sns-message-type': 'Notification' }, false)).toBe('AWS');
    expect(sourceOf({ authorization: 'eyJ' }, false)).toBe('Browsers');
  });

  it('names the kinds of events an ingest batch holds', () => {
    const batch = (...types: string[]) => ({ events: types.map((type) => ({ type })) });
    expect(eventsOf(batch('heartbeat', 'presence', 'counters'))).toEqual(['Location', 'Heart Bits']);
    expect(eventsOf(batch('station', 'dispense', 'wash', 'bed', 'reminder'))).toEqual(['Location', 'Check In / Out', 'Dispense Events']);
    expect(eventsOf(batch('unknown'))).toEqual([]);
    expect(eventsOf(undefined)).toEqual([]);
    expect(buildEntry(request({ ingest: false, body: batch('heartbeat') })).events).toEqual([]);
  });

  it('names the locations of the query and of the calling gateway', () => {
    expect(groupIdsOf({ groupId: 3, groupIds: '5,7,x' }, 11)).toEqual([11, 3, 5, 7]);
    expect(groupIdsOf({ groupIds: [4, '6'] }, null)).toEqual([4, 6]);
    expect(groupIdsOf(undefined, null)).toEqual([]);
  });

  it('keeps the error of a failed answer only', () => {
    expect(buildEntry(request({ status: 403, error: 'You may not join private-server' })).error).toBe('You may not join private-server');
    expect(buildEntry(request({ status: 200, error: 'stale' })).error).toBeNull();
  });
});
