import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionDownEvent } from '../../../../server/src/contracts/stations-realtime';
import { createRandom } from '../../../../server/src/db/demo/random';
import { GatewayActivity } from '../../../../server/src/simulator/gateways/activity';
import { systemClock } from '../../../../server/src/simulator/gateways/clock';
import { startControlServer, type RunningControlServer } from '../../../../server/src/simulator/gateways/control-server';
import { startOperationsPlayer } from '../../../../server/src/simulator/gateways/operations-player';
import type { KioskGateway } from '../../../../server/src/simulator/gateways/kiosk-gateway';
import { GATEWAY_MAC, gatewayStation, recordedGateway, type Recorder, wristbandMac } from './helpers';

describe('gateway simulator control API', () => {
  let control: RunningControlServer;
  let gateway: KioskGateway;
  let transport: Recorder;
  let activity: GatewayActivity;

  beforeEach(async () => {
    ({ gateway, transport } = recordedGateway(gatewayStation(12)));
    activity = new GatewayActivity([gateway], { random: createRandom(1), clock: systemClock, eventsPerSecond: 0 });
    control = await startControlServer({ gateways: [gateway], activity }, 0);
  });
  afterEach(async () => {
    activity.stop();
    gateway.close();
    await control.close();
  });

  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`http://127.0.0.1:${control.port}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & unknown[] };
  }

  it('lists the gateways', async () => {
    const { status, body } = await call('GET', '/gateways');
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({ mac: GATEWAY_MAC, name: 'Kiosk 3N', mode: 'normal', sessions: 0, stations: [expect.objectContaining({ name: 'Station 3N' })] }),
    ]);
  });

  it('docks and undocks, and the joined sessions hear of it at once', async () => {
    gateway.receive(gateway.sessionChannel, sessionDownEvent(), { type: 'JOIN', sessionId: 's1', id: 'j1' });
    transport.clear();

    const undocked = await call('POST', '/gateways/b8-27-eb-4f-01-02/undock', { slot: 4 });
    expect(undocked).toEqual({ status: 200, body: { slot: 4, wristbandMac: wristbandMac(4) } });
    const byMac = await call('POST', `/gateways/${GATEWAY_MAC}/undock`, { wristbandMac: wristbandMac(7).toLowerCase() });
    expect(byMac.body).toEqual({ slot: 7, wristbandMac: wristbandMac(7) });

    const docked = await call('POST', `/gateways/${GATEWAY_MAC}/dock`, {});
    expect(docked.status).toBe(200);
    expect(docked.body).toMatchObject({ slot: 4, wristband: { mac: wristbandMac(4), gatewayMac: GATEWAY_MAC } });
    const placed = await call('POST', `/gateways/${GATEWAY_MAC}/dock`, { slot: 16, wristbandMac: wristbandMac(7) });
    expect(placed.body).toMatchObject({ slot: 16, wristband: { mac: wristbandMac(7) } });

    expect(transport.up().map((m) => m.type)).toEqual(['DATA', 'DATA', 'DATA', 'DATA']);
    const summary = await call('GET', '/gateways');
    expect(summary.body[0]).toMatchObject({ sessions: 1 });
  });

  it('answers 409 when a dock or undock is not possible', async () => {
    expect(await call('POST', `/gateways/${GATEWAY_MAC}/dock`, {})).toEqual({ status: 409, body: { message: 'Every home wristband of this station is docked' } });
    expect((await call('POST', `/gateways/${GATEWAY_MAC}/dock`, { wristbandMac: wristbandMac(2) })).status).toBe(409);
    expect(await call('POST', `/gateways/${GATEWAY_MAC}/undock`, { slot: 14 })).toEqual({ status: 409, body: { message: 'Slot 14 is empty' } });
    await call('POST', `/gateways/${GATEWAY_MAC}/undock`, { slot: 1 });
    expect(await call('POST', `/gateways/${GATEWAY_MAC}/dock`, { slot: 2 })).toEqual({ status: 409, body: { message: 'Slot 2 is taken' } });
    expect((await call('POST', `/gateways/${GATEWAY_MAC}/undock`, { wristbandMac: wristbandMac(1) })).status).toBe(409);
  });

  it('sets the mode and an operation status', async () => {
    const late = await call('POST', `/gateways/${GATEWAY_MAC}/mode`, { mode: 'late', lateMs: 15_000 });
    expect(late.body).toMatchObject({ mode: 'late', lateMs: 15_000 });
    expect(gateway.mode).toBe('late');
    const status = await call('POST', `/gateways/${GATEWAY_MAC}/status`, { wristbandMac: wristbandMac(3), working: true, lastStatus: { type: 'DFU', status: 'working' } });
    expect(status.body).toMatchObject({ slot: 3, wristband: { status: { working: true, lastStatus: { type: 'DFU', status: 'working' } } } });
    const one = await call('GET', `/gateways/${GATEWAY_MAC}`);
    expect(one.body).toMatchObject({ mode: 'late', state: { mac: GATEWAY_MAC, seq: 1 } });
  });

  it('changes the activity rate', async () => {
    expect(await call('POST', '/activity', { eventsPerSecond: 0.5 })).toEqual({ status: 200, body: { eventsPerSecond: 0.5, events: 0 } });
    expect(activity.eventsPerSecond).toBe(0.5);
    activity.step();
    expect(await call('GET', '/activity')).toEqual({ status: 200, body: { eventsPerSecond: 0.5, events: 1 } });
  });

  it('holds gateways from carrying out device operations, and releases them', async () => {
    expect((await call('GET', '/operations')).status).toBe(404);
    await control.close();
    const player = startOperationsPlayer({ baseUrl: 'http://127.0.0.1:1', secret: 'unused', macs: ['AA:BB:CC:DD:EE:01'], roundMs: 0, log: { info: () => {}, debug: () => {} } });
    control = await startControlServer({ gateways: [gateway], activity, operations: player }, 0);
    expect(await call('POST', '/operations', { macs: ['aa:bb:cc:dd:ee:01', 'AABBCCDDEE02'], held: true })).toEqual({
      status: 200,
      body: { held: ['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:02'] },
    });
    expect(await call('POST', '/operations', { macs: ['AA:BB:CC:DD:EE:02'], held: false })).toEqual({ status: 200, body: { held: ['AA:BB:CC:DD:EE:01'] } });
    expect((await call('POST', '/operations', { macs: ['nope'], held: true })).status).toBe(400);
    // And makes gateways fail the software they install, or succeed again.
    expect(await call('POST', '/software', { macs: ['aabbccddee03'], failing: true })).toEqual({ status: 200, body: { failing: ['AA:BB:CC:DD:EE:03'] } });
    expect(await call('POST', '/software', { macs: ['AA:BB:CC:DD:EE:03'], failing: false })).toEqual({ status: 200, body: { failing: [] } });
    expect((await call('POST', '/software', { macs: ['AA:BB:CC:DD:EE:03'] })).status).toBe(400);
    await player.close();
  });

  it('answers 400 with a clear message for bad input', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', `/gateways/${GATEWAY_MAC}/mode`, { mode: 'sleepy' }, /^mode: /],
      ['POST', `/gateways/${GATEWAY_MAC}/mode`, { mode: 'late', lateMs: -1 }, /^lateMs: /],
      ['POST', `/gateways/${GATEWAY_MAC}/dock`, { slot: 17 }, /^slot: /],
      ['POST', `/gateways/${GATEWAY_MAC}/dock`, { wristbandMac: 'nope' }, /^wristbandMac: /],
      ['POST', `/gateways/${GATEWAY_MAC}/dock`, { spot: 1 }, /spot/],
      ['POST', `/gateways/${GATEWAY_MAC}/undock`, '{"slot":', /not valid JSON/],
      ['POST', `/gateways/${GATEWAY_MAC}/status`, { wristbandMac: wristbandMac(1) }, /^working: /],
      ['POST', '/activity', { eventsPerSecond: -1 }, /^eventsPerSecond: /],
      ['GET', '/gateways/not-a-mac', undefined, /^not-a-mac: /],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('answers 404 for an unknown gateway, wristband or path', async () => {
    expect(await call('POST', '/gateways/AA:BB:CC:DD:EE:FF/dock', {})).toEqual({ status: 404, body: { message: 'No simulated kiosk gateway has MAC AA:BB:CC:DD:EE:FF' } });
    expect((await call('POST', `/gateways/${GATEWAY_MAC}/undock`, { wristbandMac: wristbandMac(99) })).status).toBe(404);
    expect((await call('GET', '/nothing')).status).toBe(404);
    expect((await call('POST', `/gateways/${GATEWAY_MAC}/reboot`, {})).status).toBe(404);
    expect((await call('GET', `/gateways/${GATEWAY_MAC}/dock`)).status).toBe(405);
  });
});
