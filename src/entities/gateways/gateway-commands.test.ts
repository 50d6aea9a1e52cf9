import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_MESSAGES, type CommandState, CommandRunner, replyWords } from './gateway-commands';

function setup() {
  const sent: { type: string; payload: Record<string, unknown> }[] = [];
  const states: CommandState[] = [];
  let n = 0;
  const runner = new CommandRunner({
    timeoutMs: 5000,
    newId: () => `c${++n}`,
    send: (type, payload) => (sent.push({ type, payload }), true),
    onChange: (s) => states.push(s),
  });
  const reply = (code: number, extra: Record<string, unknown> = {}) => runner.receive({ id: `c${n}`, mac: 'B8:27:EB:4F:00:01', code, ...extra });
  return { runner, sent, states, reply };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CommandRunner', () => {
  it("sends a cli command and says 'Connecting to gateway.' first", () => {
    const t = setup();
    t.runner.run('cli', 'Get date', { command: ['date'] });
    expect(t.sent).toEqual([{ type: 'cli', payload: { id: 'c1', command: ['date'] } }]);
    expect(t.runner.state).toMatchObject({ request: { id: 'c1', type: 'cli', label: 'Get date' }, isLoading: true, isLoaded: false, isError: false });
    expect(t.runner.state.responses.map((r) => r.message)).toEqual([COMMAND_MESSAGES.connecting]);
  });

  it('no reply within 5 s gives the spec message and an error', () => {
    const t = setup();
    t.runner.run('cli', 'Get date', { command: ['date'] });
    vi.advanceTimersByTime(4999);
    expect(t.runner.state.isLoading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(t.runner.state).toMatchObject({ isLoading: false, isError: true });
    expect(t.runner.state.responses.at(-1)?.message).toBe(COMMAND_MESSAGES.noReply);
  });

  it('cli: 202 is progress, 200 done with the output shown', () => {
    const t = setup();
    t.runner.run('cli', 'Get date', { command: ['date'] });
    t.reply(202, { message: 'Running' });
    expect(t.runner.state.isLoading).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(t.runner.state.isError).toBe(false);
    t.reply(200, { data: 'Sat Nov 21 06:00:00 UTC 2026' });
    expect(t.runner.state).toMatchObject({ isLoading: false, isLoaded: true, isError: false });
    expect(t.runner.state.responses.at(-1)).toMatchObject({ code: 200, data: 'Sat Nov 21 06:00:00 UTC 2026' });
    expect(t.runner.state.responses.every((r) => typeof r.at === 'number')).toBe(true);
  });

  it.each([409, 500])('cli: %i is an error', (code) => {
    const t = setup();
    t.runner.run('cli', 'Reboot', { command: ['reboot'] });
    t.reply(code, { message: 'busy' });
    expect(t.runner.state).toMatchObject({ isLoading: false, isError: true });
  });

  it.each([
    [202, 'loading'],
    [200, 'loaded'],
    [500, 'error'],
    [503, 'error'],
  ])('update: %i means %s', (code, outcome) => {
    const t = setup();
    t.runner.run('update', 'Update', { version: '6.2.0' });
    expect(t.sent[0]).toEqual({ type: 'update', payload: { id: 'c1', version: '6.2.0' } });
    t.reply(code);
    const s = t.runner.state;
    expect(outcome === 'loading' ? s.isLoading : outcome === 'loaded' ? s.isLoaded : s.isError).toBe(true);
  });

  it('a 503 is an error for update only; for cli any unknown code is an error too', () => {
    const t = setup();
    t.runner.run('cli', 'Get date', { command: ['date'] });
    t.reply(503);
    expect(t.runner.state.isError).toBe(true);
  });

  it('ignores replies to another command and replies after the end', () => {
    const t = setup();
    t.runner.run('cli', 'Get date', { command: ['date'] });
    t.runner.receive({ id: 'other', mac: 'x', code: 200 });
    expect(t.runner.state.isLoading).toBe(true);
    t.reply(200);
    const done = t.runner.state;
    t.reply(500);
    expect(t.runner.state).toBe(done);
  });

  it('a new command replaces the last one and its timer', () => {
    const t = setup();
    t.runner.run('cli', 'Get date', { command: ['date'] });
    vi.advanceTimersByTime(3000);
    t.runner.run('cli', 'Logs', { command: ['journalctl'] });
    vi.advanceTimersByTime(3000);
    expect(t.runner.state).toMatchObject({ request: { label: 'Logs' }, isLoading: true });
    vi.advanceTimersByTime(2000);
    expect(t.runner.state.isError).toBe(true);
  });
});

describe('replyWords', () => {
  it('reads a reply code as the step it is, never as a bare number', () => {
    expect(replyWords(202, 'Running')).toBe('Running');
    expect(replyWords(200, 'Done')).toBe('Done');
    expect(replyWords(200, 'Rebooted')).toBe('Done: Rebooted');
    expect(replyWords(409, 'Another command is running')).toBe('Busy: Another command is running');
    expect(replyWords(500, 'Failed (500)')).toBe('Failed (500)');
    expect(replyWords(503, 'Update server unreachable')).toBe('Failed: Update server unreachable');
    expect(replyWords(403, 'Not allowed')).toBe('Refused: Not allowed');
    expect(replyWords(null, 'Connecting to gateway.')).toBe('Connecting to gateway.');
    for (const code of [200, 202, 409, 500]) expect(replyWords(code, 'x')).not.toMatch(/\d/);
  });
});
