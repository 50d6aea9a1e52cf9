import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRandom } from '../../../../server/src/db/demo/random';
import { GatewayActivity } from '../../../../server/src/simulator/gateways/activity';
import { systemClock } from '../../../../server/src/simulator/gateways/clock';
import { startControlServer, type RunningControlServer } from '../../../../server/src/simulator/gateways/control-server';
import { FieldGateway, type FieldFleet } from '../../../../server/src/simulator/gateways/field-gateway';
import { ApiError } from '../../../../server/src/simulator/gateways/load';
import { isolatedSetupEnvironment, SetupControls } from '../../../../server/src/simulator/gateways/setup-protocol';
import { Recorder } from './helpers';

// The control API's hand on the console's setup, scan and device-info requests: gateways made
// failing, silent, devices made unreachable; the gateways that are no kiosk; new gateways announced.

const FIELD = { mac: 'AC:23:3F:C0:12:34', name: 'Gateway 3N-1', groupId: 6, modelId: 9 };

describe('gateway simulator control API: setup, scan and device info', () => {
  let control: RunningControlServer;
  let controls: SetupControls;
  let activity: GatewayActivity;
  let fields: FieldGateway[];
  const announce = vi.fn<FieldFleet['announce']>();

  beforeEach(async () => {
    controls = new SetupControls();
    activity = new GatewayActivity([], { random: createRandom(1), clock: systemClock, eventsPerSecond: 0 });
    fields = [new FieldGateway(FIELD, { transport: new Recorder(), setup: isolatedSetupEnvironment(controls) })];
    announce.mockReset();
    control = await startControlServer({ gateways: [], activity, setup: { controls, fields: { gateways: () => fields, announce } } }, 0);
  });
  afterEach(async () => {
    for (const gateway of fields) gateway.close();
    await control.close();
  });

  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`http://127.0.0.1:${control.port}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('makes gateways fail their setup, answer nothing, or devices unreachable; and back', async () => {
    expect(await call('POST', '/setup', { macs: ['ac-23-3f-c0-12-34'], failing: true })).toEqual({ status: 200, body: { failing: [FIELD.mac] } });
    expect(controls.has('failing', FIELD.mac)).toBe(true);
    expect(await call('GET', '/setup')).toEqual({ status: 200, body: { failing: [FIELD.mac] } });
    expect(await call('POST', '/setup', { macs: [FIELD.mac], failing: false })).toEqual({ status: 200, body: { failing: [] } });

    expect(await call('POST', '/scan', { macs: [FIELD.mac, 'AC233FC00001'], silent: true })).toEqual({ status: 200, body: { silent: ['AC:23:3F:C0:00:01', FIELD.mac] } });
    expect(controls.has('silent', 'AC:23:3F:C0:00:01')).toBe(true);
    expect(await call('POST', '/device-info', { macs: ['F4:CE:36:8A:00:01'], unreachable: true })).toEqual({ status: 200, body: { unreachable: ['F4:CE:36:8A:00:01'] } });
    expect(await call('GET', '/device-info')).toEqual({ status: 200, body: { unreachable: ['F4:CE:36:8A:00:01'] } });
  });

  it('refuses bad input with 400, other methods with 405', async () => {
    expect((await call('POST', '/setup', { macs: ['nope'], failing: true })).status).toBe(400);
    expect((await call('POST', '/scan', { macs: [FIELD.mac], failing: true })).status).toBe(400);
    expect((await call('POST', '/device-info', { macs: [FIELD.mac] })).status).toBe(400);
    expect((await call('PUT', '/scan', { macs: [FIELD.mac], silent: true })).status).toBe(405);
    expect((await call('GET', '/gateways/new')).status).toBe(405);
    expect((await call('POST', '/gateways/new', { count: 0 })).status).toBe(400);
    expect((await call('POST', '/gateways/new', { count: 21 })).status).toBe(400);
    expect((await call('POST', '/gateways/new', { modelId: 12 })).status).toBe(400);
    expect(announce).not.toHaveBeenCalled();
  });

  it('lists the gateways that are no kiosk', async () => {
    expect(await call('GET', '/field-gateways')).toEqual({ status: 200, body: [{ ...FIELD, scanning: false }] });
  });

  it('makes new gateways announce themselves, answering their MACs', async () => {
    const fresh = [
      new FieldGateway({ mac: 'AC:23:3F:C9:10:01', name: '', groupId: 39, modelId: 8 }, { transport: new Recorder(), setup: isolatedSetupEnvironment(controls) }),
      new FieldGateway({ mac: 'AC:23:3F:C9:10:02', name: '', groupId: 39, modelId: 8 }, { transport: new Recorder(), setup: isolatedSetupEnvironment(controls) }),
    ];
    announce.mockResolvedValueOnce(fresh);
    const answer = await call('POST', '/gateways/new', { count: 2, modelId: 8 });
    expect(announce).toHaveBeenCalledWith(2, 8);
    expect(answer).toEqual({
      status: 200,
      body: { macs: ['AC:23:3F:C9:10:01', 'AC:23:3F:C9:10:02'], gateways: fresh.map((g) => ({ ...g.info, scanning: false })) },
    });

    announce.mockResolvedValueOnce([]);
    await call('POST', '/gateways/new', {});
    expect(announce).toHaveBeenLastCalledWith(1, 9);

    announce.mockRejectedValueOnce(new ApiError('http://api/gateways/announce: HTTP 503', 503));
    expect(await call('POST', '/gateways/new', {})).toMatchObject({ status: 502 });
  });

  it('answers 404 when the simulator plays no setup protocol', async () => {
    await control.close();
    control = await startControlServer({ gateways: [], activity }, 0);
    expect((await call('POST', '/setup', { macs: [FIELD.mac], failing: true })).status).toBe(404);
    expect((await call('POST', '/gateways/new', {})).status).toBe(404);
    expect(await call('GET', '/field-gateways')).toEqual({ status: 200, body: [] });
  });
});
