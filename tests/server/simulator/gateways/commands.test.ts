import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUICK_COMMANDS, sessionDownEvent } from '../../../../server/src/contracts/stations-realtime';
import { nextVersion } from '../../../../server/src/simulator/gateways/commands';
import { formatDate, runCommand, type OutputContext } from '../../../../server/src/simulator/gateways/outputs';
import { GATEWAY_MAC, recordedGateway } from './helpers';

const cli = 'client-gwc-req-cli';
const update = 'client-gwc-req-update';

describe('kiosk gateway: commands', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2025-03-04T10:22:01Z') }));
  afterEach(() => vi.useRealTimers());

  it('cli: 202 at once, then 200 with the output about 300 ms later', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: ['date'] });
    expect(transport.responses('cli')).toEqual([{ id: 'c1', mac: GATEWAY_MAC, code: 202, message: 'Running' }]);
    expect(transport.sent[0]).toMatchObject({ channel: station.commandChannel, event: 'client-gwc-res-cli' });
    vi.advanceTimersByTime(300);
    expect(transport.responses('cli')[1]).toEqual({ id: 'c1', mac: GATEWAY_MAC, code: 200, data: 'Tue Mar  4 10:22:01 UTC 2025' });
  });

  it('cli: 409 while another command runs, and runs again once it is done', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: ['top', '-b', '-n', '1'] });
    gateway.receive(station.commandChannel, cli, { id: 'c2', command: ['date'] });
    expect(transport.responses('cli')[1]).toEqual({ id: 'c2', mac: GATEWAY_MAC, code: 409, message: 'Another command is running' });
    vi.advanceTimersByTime(300);
    gateway.receive(station.commandChannel, cli, { id: 'c3', command: ['iwconfig'] });
    vi.advanceTimersByTime(300);
    expect(transport.responses('cli').map((r) => [r.id, r.code])).toEqual([
      ['c1', 202],
      ['c2', 409],
      ['c1', 200],
      ['c3', 202],
      ['c3', 200],
    ]);
  });

  it('cli: an unknown program fails with 500 as a shell says it', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: ['rm', '-rf', '/'] });
    vi.advanceTimersByTime(300);
    expect(transport.responses('cli')[1]).toEqual({ id: 'c1', mac: GATEWAY_MAC, code: 500, message: 'rm: command not found' });
  });

  it('cli: invalid requests are ignored', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: [] });
    gateway.receive(station.commandChannel, cli, { command: ['date'] });
    gateway.receive(station.sessionChannel, cli, { id: 'c1', command: ['date'] });
    vi.advanceTimersByTime(1_000);
    expect(transport.sent).toEqual([]);
  });

  it('cli: every quick command has an answer that fits in one client event', () => {
    const { gateway, transport, station } = recordedGateway();
    QUICK_COMMANDS.filter((q) => q.command[0] !== 'reboot').forEach((q, i) => {
      gateway.receive(station.commandChannel, cli, { id: `q${i}`, command: [...q.command] });
      vi.advanceTimersByTime(300);
    });
    const done = transport.responses('cli').filter((r) => r.code !== 202);
    expect(done.map((r) => r.code)).toEqual(Array(QUICK_COMMANDS.length - 1).fill(200));
    for (const s of transport.sent) expect(Buffer.byteLength(JSON.stringify(s.payload))).toBeLessThan(10 * 1024);
    const [, top, journal, iwconfig, flash, set, restartApp, restartDaemon] = done.map((r) => r.data!);
    expect(top).toMatch(/^top - 10:22:01 up \d+ days?, /);
    const lines = journal!.split('\n');
    expect(lines).toHaveLength(100);
    expect(lines.at(-1)!.startsWith('Mar  4 10:22:00 kiosk-3n lavo-gateway[412]: ')).toBe(true);
    expect(iwconfig).toContain('ESSID:"Lavo-Clinical"');
    expect([flash, set, restartApp, restartDaemon]).toEqual(['ok', 'ok', 'restarted', 'restarted']);
  });

  it('reboot: answers, drops its sessions with STATUS 500, and is gone for about 10 s', () => {
    const { gateway, transport, station } = recordedGateway();
    const down = sessionDownEvent();
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    transport.clear();
    gateway.receive(station.commandChannel, cli, { id: 'r1', command: ['reboot'] });
    vi.advanceTimersByTime(300);
    expect(transport.responses('cli')).toEqual([
      { id: 'r1', mac: GATEWAY_MAC, code: 202, message: 'Running' },
      { id: 'r1', mac: GATEWAY_MAC, code: 200, data: 'rebooting' },
    ]);
    expect(transport.up()).toEqual([{ type: 'STATUS', code: 500, message: 'Rebooting' }]);
    expect(gateway.sessionCount).toBe(0);
    transport.clear();

    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j2' });
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: ['date'] });
    vi.advanceTimersByTime(9_000);
    expect(transport.sent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j3' });
    expect(transport.up()).toEqual([expect.objectContaining({ type: 'STATUS', replyTo: 'j3', code: 200 })]);
    gateway.receive(station.commandChannel, cli, { id: 'c2', command: ['top'] });
    vi.advanceTimersByTime(300);
    expect(transport.responses('cli').at(-1)!.data).toMatch(/ up 0 min,/);
  });

  it('update: 202, progress, then 200 after about 2 s with the new firmware', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.commandChannel, update, { id: 'u1', version: '2.5.0' });
    gateway.receive(station.commandChannel, update, { id: 'u2' });
    vi.advanceTimersByTime(1_999);
    expect(transport.responses('update').every((r) => r.code !== 200)).toBe(true);
    vi.advanceTimersByTime(1);
    const responses = transport.responses('update');
    expect(responses.map((r) => [r.id, r.code])).toEqual([
      ['u1', 202],
      ['u2', 500],
      ['u1', 202],
      ['u1', 202],
      ['u1', 202],
      ['u1', 200],
    ]);
    expect(responses.at(-1)).toEqual({ id: 'u1', mac: GATEWAY_MAC, code: 200, message: 'Updated to 2.5.0' });
    expect(transport.sent.every((s) => s.channel === station.commandChannel && s.event === 'client-gwc-res-update')).toBe(true);
    expect(gateway.summary().firmwareVersion).toBe('2.5.0');

    gateway.receive(station.commandChannel, update, { id: 'u3' });
    vi.advanceTimersByTime(2_000);
    expect(transport.responses('update').at(-1)).toMatchObject({ id: 'u3', code: 200, message: 'Updated to 2.5.1' });
  });

  it('error mode: cli gets 500 and update 503, at once', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.setMode('error');
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: ['date'] });
    gateway.receive(station.commandChannel, update, { id: 'u1' });
    expect(transport.responses('cli')).toEqual([{ id: 'c1', mac: GATEWAY_MAC, code: 500, message: 'Gateway error' }]);
    expect(transport.responses('update')).toEqual([{ id: 'u1', mac: GATEWAY_MAC, code: 503, message: 'Gateway error' }]);
    vi.advanceTimersByTime(5_000);
    expect(transport.sent).toHaveLength(2);
  });

  it('late mode: command answers come lateMs later', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.setMode('late', 6_000);
    gateway.receive(station.commandChannel, cli, { id: 'c1', command: ['date'] });
    vi.advanceTimersByTime(5_999);
    expect(transport.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(transport.responses('cli').map((r) => r.code)).toEqual([202]);
    vi.advanceTimersByTime(300);
    expect(transport.responses('cli').map((r) => r.code)).toEqual([202, 200]);
  });
});

describe('command outputs', () => {
  const ctx: OutputContext = { now: Date.UTC(2025, 10, 21, 7, 5, 9), bootedAt: Date.UTC(2025, 10, 20, 5), hostname: 'kiosk-3n', docked: [] };

  it('formats the date as date(1) does', () => {
    expect(formatDate(Date.UTC(2025, 10, 21, 7, 5, 9))).toBe('Fri Nov 21 07:05:09 UTC 2025');
  });

  it('takes -n for journalctl, up to 100 lines, and names the unit', () => {
    const out = runCommand(['journalctl', '-u', 'lavo-daemon', '-n', '5'], ctx);
    expect(out.code === 200 && out.data.split('\n')).toHaveLength(5);
    expect(out.code === 200 && out.data).toContain('lavo-daemon[398]: slots: none docked');
  });

  it('refuses what the quick commands do not cover', () => {
    expect(runCommand(['lavo-led', 'blink'], ctx)).toMatchObject({ code: 500 });
    expect(runCommand(['systemctl', 'restart', 'nginx'], ctx)).toEqual({ code: 500, message: 'Failed to restart nginx.service: Unit nginx.service not found.' });
    expect(runCommand(['systemctl', 'stop', 'lavo-gateway'], ctx)).toMatchObject({ code: 500 });
  });

  it('bumps the last number for an update without a version', () => {
    expect(nextVersion('2.4.9')).toBe('2.4.10');
    expect(nextVersion(null)).toBe('1.0.0');
    expect(nextVersion('beta')).toBe('1.0.0');
  });
});
