import { describe, expect, it } from 'vitest';
import { canSubmit, cardAnswered, cardFailed, countdownTick, nameCard, secondsLeft, setupCards, setupSummary, submitted, SETUP_MESSAGES, type SetupState } from './setup-cards';

const GATEWAYS = [
  { id: 1, mac: 'AA:00:00:00:00:01', name: null },
  { id: 2, mac: 'AA:00:00:00:00:02', name: null },
  { id: 3, mac: 'AA:00:00:00:00:03', name: null },
];
const fresh = (): SetupState => ({ cards: setupCards(GATEWAYS), deadline: null, result: null });
const statusOf = (s: SetupState) => s.cards.map((c) => c.status);

describe('gateway setup cards', () => {
  it('stages a card when named and takes it out when the name is cleared', () => {
    let s = fresh();
    expect(s.cards[0]?.message).toBe(SETUP_MESSAGES.idle);
    s = nameCard(s, 1, 'ICU North');
    expect(s.cards[0]).toMatchObject({ status: 'PENDING', message: SETUP_MESSAGES.pending });
    s = nameCard(s, 1, '  ');
    expect(s.cards[0]).toMatchObject({ status: 'IDLE', message: SETUP_MESSAGES.idle });
  });

  it('may be submitted only with a named gateway and a WiFi network name', () => {
    const named = nameCard(fresh(), 2, 'Lobby');
    expect(canSubmit(fresh(), 'Ward-WiFi')).toBe(false);
    expect(canSubmit(named, '')).toBe(false);
    expect(canSubmit(named, 'Ward-WiFi')).toBe(true);
  });

  it('sends only the staged cards, ends when each has answered and counts the successes', () => {
    let s = nameCard(nameCard(fresh(), 1, 'A'), 2, 'B');
    s = submitted(s, new Map([[1, 'r1'], [2, 'r2']]), 1000);
    expect(statusOf(s)).toEqual([202, 202, 'IDLE']);
    expect(secondsLeft(s, 1000)).toBe(10);
    expect(canSubmit(s, 'Ward-WiFi')).toBe(false);
    // An answer to another request, or from another gateway, changes nothing.
    expect(cardAnswered(s, { id: 'r9', mac: 'AA:00:00:00:00:01', code: 200 })).toEqual(s);
    expect(cardAnswered(s, { id: 'r1', mac: 'AA:00:00:00:00:02', code: 200 })).toEqual(s);
    s = cardAnswered(s, { id: 'r1', mac: 'aa:00:00:00:00:01', code: 202, message: 'Joining network' });
    expect(s.cards[0]).toMatchObject({ status: 202, message: 'Joining network' });
    s = cardAnswered(s, { id: 'r1', mac: 'AA:00:00:00:00:01', code: 200 });
    expect(s.deadline).not.toBeNull();
    s = cardAnswered(s, { id: 'r2', mac: 'AA:00:00:00:00:02', code: 500 });
    expect(statusOf(s)).toEqual([200, 500, 'IDLE']);
    expect(s.cards[1]?.message).toBe(SETUP_MESSAGES.failed);
    expect(s.deadline).toBeNull();
    expect(setupSummary(s.result!)).toBe('Gateway Setup: 1/2 succeeded.');
  });

  it('fails whatever is still in progress when the 10 s countdown reaches zero', () => {
    let s = submitted(nameCard(nameCard(fresh(), 1, 'A'), 3, 'C'), new Map([[1, 'r1'], [3, 'r3']]), 0);
    s = cardAnswered(s, { id: 'r3', mac: 'AA:00:00:00:00:03', code: 200 });
    expect(countdownTick(s, 9_999)).toBe(s);
    s = countdownTick(s, 10_000);
    expect(statusOf(s)).toEqual([500, 'IDLE', 200]);
    expect(setupSummary(s.result!)).toBe('Gateway Setup: 1/2 succeeded.');
  });

  it('fails a card at once when its name and location could not be set', () => {
    let s = submitted(nameCard(fresh(), 1, 'A'), new Map([[1, 'r1']]), 0);
    s = cardFailed(s, 1, SETUP_MESSAGES.configFailed);
    expect(s.cards[0]).toMatchObject({ status: 500, message: SETUP_MESSAGES.configFailed });
    expect(s.result).toEqual({ submitted: 1, succeeded: 0 });
  });

  it('keeps what was typed on cards still awaiting setup when the queue is read again', () => {
    const s = nameCard(fresh(), 2, 'Lobby');
    const again = setupCards([GATEWAYS[1]!, { id: 4, mac: 'AA:00:00:00:00:04', name: null }], s.cards);
    expect(again.map((c) => [c.id, c.name, c.status])).toEqual([[2, 'Lobby', 'PENDING'], [4, '', 'IDLE']]);
  });

  it('keeps a card sent for setup in its place when it leaves the queue, and lists new gateways last', () => {
    const s = submitted(nameCard(nameCard(fresh(), 1, 'A'), 3, 'C'), new Map([[1, 'r1'], [3, 'r3']]), 0);
    const again = setupCards([GATEWAYS[1]!, { id: 5, mac: 'AA:00:00:00:00:05', name: null, modelName: 'G1-C', createdAt: '2026-01-01T00:00:00Z' }], s.cards);
    expect(again.map((c) => [c.id, c.status])).toEqual([[1, 202], [2, 'IDLE'], [3, 202], [5, 'IDLE']]);
    expect(again[3]).toMatchObject({ modelName: 'G1-C', createdAt: '2026-01-01T00:00:00Z' });
  });
});
