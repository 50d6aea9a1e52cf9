import { SESSION_TIMERS, type SessionDown } from '@contracts/stations-realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayState, wristband } from '../test-data';
import { GatewaySession, type SessionEvent, type SessionStatus } from './gateway-session';

function setup(options: { sendOk?: boolean } = {}) {
  const sent: SessionDown[] = [];
  const events: SessionEvent[] = [];
  const statuses: SessionStatus[] = [];
  let n = 0;
  const session = new GatewaySession({
    timers: { ...SESSION_TIMERS },
    sessionId: 'S1',
    newId: () => `m${++n}`,
    send: (message) => {
      sent.push(message);
      return options.sendOk ?? true;
    },
    onStatus: (s) => statuses.push(s),
    onEvent: (e) => events.push(e),
  });
  const lastJoin = () => sent.filter((m) => m.type === 'JOIN').at(-1)!;
  const answerJoin = (code = 200, state = gatewayState(1, { 1: wristband('F4:CE:36:7A:00:01') })) =>
    session.receive({ type: 'STATUS', sessionId: 'S1', replyTo: lastJoin().id, code, state });
  return { session, sent, events, statuses, lastJoin, answerJoin, kinds: () => events.map((e) => e.kind) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GatewaySession', () => {
  it('sends a join request and is joining until the answer', () => {
    const t = setup();
    t.session.start();
    expect(t.sent).toEqual([{ type: 'JOIN', sessionId: 'S1', id: 'm1' }]);
    expect(t.session.status).toBe('joining');
    expect(t.events).toEqual([]);
  });

  it('is joined on code 200, emits JOIN and takes the state as the baseline', () => {
    const t = setup();
    t.session.start();
    t.answerJoin(200);
    expect(t.session.status).toBe('joined');
    expect(t.kinds()).toEqual(['JOIN']);
    expect(t.session.state?.seq).toBe(1);
    expect(t.statuses).toEqual(['joining', 'joined']);
  });

  it('ignores answers for another session or another join', () => {
    const t = setup();
    t.session.start();
    t.session.receive({ type: 'STATUS', sessionId: 'OTHER', replyTo: 'm1', code: 200 });
    t.session.receive({ type: 'STATUS', sessionId: 'S1', replyTo: 'old', code: 200 });
    t.session.receive({ type: 'nonsense' });
    expect(t.session.status).toBe('joining');
  });

  it('errors when a join has no answer within 10 s, and joins again 20 s later', () => {
    const t = setup();
    t.session.start();
    vi.advanceTimersByTime(SESSION_TIMERS.joinMs - 1);
    expect(t.session.status).toBe('joining');
    vi.advanceTimersByTime(1);
    expect(t.session.status).toBe('error');
    expect(t.events.at(-1)).toMatchObject({ kind: 'ERROR', message: 'No answer to join' });
    vi.advanceTimersByTime(SESSION_TIMERS.retryMs - 1);
    expect(t.sent.filter((m) => m.type === 'JOIN')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sent.filter((m) => m.type === 'JOIN')).toHaveLength(2);
    expect(t.session.status).toBe('joining');
  });

  it('a join answered 500 is an error with a retry after 20 s', () => {
    const t = setup();
    t.session.start();
    t.answerJoin(500);
    expect(t.session.status).toBe('error');
    vi.advanceTimersByTime(SESSION_TIMERS.retryMs);
    expect(t.session.status).toBe('joining');
  });

  it('code 500 while joined is an error; the join 20 s later is a REJOIN', () => {
    const t = setup();
    t.session.start();
    t.answerJoin();
    t.session.receive({ type: 'STATUS', code: 500, message: 'Gateway error' });
    expect(t.session.status).toBe('error');
    expect(t.events.at(-1)).toMatchObject({ kind: 'ERROR', message: 'Gateway error' });
    vi.advanceTimersByTime(SESSION_TIMERS.retryMs);
    t.answerJoin();
    expect(t.kinds()).toEqual(['JOIN', 'ERROR', 'REJOIN']);
    expect(t.session.everJoined).toBe(true);
  });

  it('pings every 10 s while joined and stays joined while pongs come', () => {
    const t = setup();
    t.session.start();
    t.answerJoin();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(SESSION_TIMERS.pingMs);
      const ping = t.sent.at(-1)!;
      expect(ping.type).toBe('PING');
      t.session.receive({ type: 'PONG', sessionId: 'S1', replyTo: ping.id });
    }
    expect(t.sent.filter((m) => m.type === 'PING')).toHaveLength(5);
    expect(t.session.status).toBe('joined');
  });

  it('marks the gateway in error when nothing answers within 19 s', () => {
    const t = setup();
    t.session.start();
    t.answerJoin();
    vi.advanceTimersByTime(SESSION_TIMERS.deadMs - 1);
    expect(t.session.status).toBe('joined');
    vi.advanceTimersByTime(1);
    expect(t.session.status).toBe('error');
    expect(t.events.at(-1)).toMatchObject({ kind: 'ERROR', message: 'No response' });
    // No more pings once in error.
    const pings = t.sent.filter((m) => m.type === 'PING').length;
    vi.advanceTimersByTime(SESSION_TIMERS.retryMs - 1);
    expect(t.sent.filter((m) => m.type === 'PING')).toHaveLength(pings);
  });

  it('any word from the gateway keeps it alive', () => {
    const t = setup();
    t.session.start();
    t.answerJoin();
    vi.advanceTimersByTime(15_000);
    t.session.receive({ type: 'DATA', state: gatewayState(2, {}) });
    vi.advanceTimersByTime(15_000);
    expect(t.session.status).toBe('joined');
  });

  it('derives DOCK and UNDOCK from consecutive states and ignores stale ones', () => {
    const t = setup();
    t.session.start();
    t.answerJoin(200, gatewayState(5, { 1: wristband('A1:00:00:00:00:01') }));
    t.session.receive({ type: 'DATA', state: gatewayState(6, { 2: wristband('A1:00:00:00:00:02') }) });
    expect(t.events.filter((e) => e.kind === 'CHANGE').map((e) => [e.change?.change, e.change?.slot])).toEqual([
      ['UNDOCK', 1],
      ['DOCK', 2],
    ]);
    t.session.receive({ type: 'DATA', state: gatewayState(6, {}) });
    t.session.receive({ type: 'DATA', state: gatewayState(4, {}) });
    expect(t.session.state?.seq).toBe(6);
    expect(t.events.filter((e) => e.kind === 'CHANGE')).toHaveLength(2);
  });

  it('takes a rejoin answer whatever its number and reports what changed while away', () => {
    const t = setup();
    t.session.start();
    t.answerJoin(200, gatewayState(9, { 1: wristband('A1:00:00:00:00:01') }));
    t.session.receive({ type: 'STATUS', code: 500 });
    vi.advanceTimersByTime(SESSION_TIMERS.retryMs);
    t.answerJoin(200, gatewayState(0, {}));
    expect(t.session.state?.seq).toBe(0);
    expect(t.events.at(-1)).toMatchObject({ kind: 'CHANGE', change: { change: 'UNDOCK', slot: 1 } });
  });

  it('does not take data before it is joined', () => {
    const t = setup();
    t.session.start();
    t.session.receive({ type: 'DATA', state: gatewayState(1, {}) });
    expect(t.session.state).toBeNull();
  });

  it('leaves on stop: LEAVE sent, LEAVE emitted, no timer left', () => {
    const t = setup();
    t.session.start();
    t.answerJoin();
    t.session.stop();
    expect(t.sent.at(-1)).toMatchObject({ type: 'LEAVE', sessionId: 'S1' });
    expect(t.kinds().at(-1)).toBe('LEAVE');
    expect(t.session.status).toBe('left');
    const count = t.sent.length;
    vi.advanceTimersByTime(120_000);
    expect(t.sent).toHaveLength(count);
    t.session.stop();
    expect(t.kinds().filter((k) => k === 'LEAVE')).toHaveLength(1);
  });

  it('a stop while in error cancels the retry', () => {
    const t = setup();
    t.session.start();
    vi.advanceTimersByTime(SESSION_TIMERS.joinMs);
    t.session.stop();
    vi.advanceTimersByTime(SESSION_TIMERS.retryMs * 2);
    expect(t.sent.filter((m) => m.type === 'JOIN')).toHaveLength(1);
  });

  it('rejoinNow joins at once after the connection came back', () => {
    const t = setup();
    t.session.rejoinNow();
    expect(t.sent).toEqual([]);
    t.session.start();
    t.answerJoin();
    t.session.rejoinNow();
    expect(t.session.status).toBe('joining');
    t.answerJoin();
    expect(t.kinds()).toEqual(['JOIN', 'REJOIN']);
  });

  it('sends assignments only while joined', () => {
    const t = setup();
    const assignment = { id: 'a1', type: 'ASSIGN' as const, userId: 7, name: 'Dana Ortiz', mac: 'A1:00:00:00:00:01', gatewayMac: 'B8:27:EB:4F:00:01' };
    t.session.start();
    expect(t.session.sendAssignments([assignment])).toBe(false);
    t.answerJoin();
    expect(t.session.sendAssignments([assignment])).toBe(true);
    expect(t.sent.at(-1)).toMatchObject({ type: 'DATA', assignments: [assignment] });
  });
});
