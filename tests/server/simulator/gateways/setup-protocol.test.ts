import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configRequestEvent,
  configResponseEvent,
  configResponseSchema,
  deviceInfoRequestEvent,
  deviceInfoResponseEvent,
  deviceInfoResponseSchema,
  scanRequestEvent,
  scanResponseEvent,
  scanResponseSchema,
  SETUP_TIME_ZONES,
  type ScanResponse,
} from '../../../../server/src/contracts/gateways-realtime';
import { gatewayCommandChannel } from '../../../../server/src/contracts/stations-realtime';
import { SEED_DEVICE_MODELS } from '../../../../server/src/db/demo/devices-data';
import { FieldGateway } from '../../../../server/src/simulator/gateways/field-gateway';
import { deviceVersion, NEW_DEVICE_PREFIXES, typeOfMac, type KnownDevice } from '../../../../server/src/simulator/gateways/heard-devices';
import { SETUP_MESSAGES, SetupControls, type SetupEnvironment } from '../../../../server/src/simulator/gateways/setup-protocol';
import { GATEWAY_MAC, Recorder, recordedGateway } from './helpers';

// The gateways' side of the console's setup, scan (Find devices) and device-info requests, as
// every simulated gateway plays it on its command channel: a field gateway, and a kiosk gateway
// through the same handler.

const FIELD_MAC = 'AC:23:3F:C0:12:34';
const CHANNEL = gatewayCommandChannel(FIELD_MAC);
const GROUP = 6;
const config = { id: 'c1', wifi: { ssid: 'Ward-WiFi' }, timezone: SETUP_TIME_ZONES['US/Eastern'] };

/** Devices of the database: two beacons and a dispenser near the gateway, a beacon elsewhere. */
const KNOWN: KnownDevice[] = [
  { id: 1, mac: FIELD_MAC, type: 'GATEWAY', modelId: 9, groupId: GROUP, gatewayId: null },
  { id: 2, mac: 'AC:23:3F:5A:00:01', type: 'BEACON', modelId: 12, groupId: GROUP, gatewayId: null },
  { id: 3, mac: 'AC:23:3F:5A:00:02', type: 'BEACON', modelId: 11, groupId: GROUP, gatewayId: null },
  { id: 4, mac: 'D4:7C:44:1D:00:01', type: 'DISPENSER', modelId: 3, groupId: GROUP, gatewayId: null },
  { id: 5, mac: 'AC:23:3F:5A:00:09', type: 'BEACON', modelId: 12, groupId: 7, gatewayId: null },
];

function environment(controls: SetupControls) {
  const reports: { mac: string; status: { code: number; message: string } }[] = [];
  const env: SetupEnvironment = {
    controls,
    neighbours: (mac) => (mac === FIELD_MAC ? KNOWN.filter((d) => d.groupId === GROUP && d.type !== 'GATEWAY') : []),
    device: (mac) => KNOWN.find((d) => d.mac === mac) ?? null,
    report: async (mac, status) => {
      reports.push({ mac, status });
    },
    timings: { setupMs: 1_500 },
  };
  return { env, reports };
}

const of = (transport: Recorder, event: string) => transport.sent.filter((s) => s.event === event);
const configAnswers = (transport: Recorder) => of(transport, configResponseEvent).map((s) => configResponseSchema.parse(s.payload));
const scanAnswers = (transport: Recorder) => of(transport, scanResponseEvent).map((s) => scanResponseSchema.parse(s.payload));
const infoAnswers = (transport: Recorder) => of(transport, deviceInfoResponseEvent).map((s) => deviceInfoResponseSchema.parse(s.payload));
const statuses = (answers: ScanResponse[]) => answers.filter((a) => a.type === 'STATUS').map((a) => a.type === 'STATUS' && [a.code, a.message]);
const data = (answers: ScanResponse[]) => answers.flatMap((a) => (a.type === 'DATA' ? [a] : []));

describe('a simulated field gateway', () => {
  let controls: SetupControls;
  let reports: ReturnType<typeof environment>['reports'];
  let transport: Recorder;
  let gateway: FieldGateway;

  beforeEach(() => {
    vi.useFakeTimers();
    controls = new SetupControls();
    const built = environment(controls);
    reports = built.reports;
    transport = new Recorder();
    gateway = new FieldGateway({ mac: FIELD_MAC, name: 'Gateway 3N-1', groupId: GROUP, modelId: 9 }, { transport, setup: built.env });
  });
  afterEach(() => {
    gateway.close();
    vi.useRealTimers();
  });

  describe('configuration', () => {
    it('answers 202 at once, then 200, and reports the outcome to the server', async () => {
      gateway.receive(CHANNEL, configRequestEvent, config);
      expect(configAnswers(transport)).toEqual([{ id: 'c1', mac: FIELD_MAC, code: 202, message: SETUP_MESSAGES.configuring }]);
      expect(transport.sent[0]?.channel).toBe(CHANNEL);
      await vi.advanceTimersByTimeAsync(1_499);
      expect(configAnswers(transport)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(configAnswers(transport)[1]).toEqual({ id: 'c1', mac: FIELD_MAC, code: 200, message: 'Gateway set up' });
      expect(reports).toEqual([{ mac: FIELD_MAC, status: { code: 200, message: 'Gateway set up' } }]);
    });

    it('fails with 500 when made failing, and reports that', async () => {
      controls.set('failing', [FIELD_MAC.toLowerCase()], true);
      gateway.receive(CHANNEL, configRequestEvent, { ...config, wifi: { ssid: 'Ward-WiFi', password: 'secret-passphrase' } });
      await vi.advanceTimersByTimeAsync(1_500);
      expect(configAnswers(transport).map((a) => [a.code, a.message])).toEqual([
        [202, SETUP_MESSAGES.configuring],
        [500, 'Gateway setup failed'],
      ]);
      expect(reports).toEqual([{ mac: FIELD_MAC, status: { code: 500, message: 'Gateway setup failed' } }]);
    });

    it('takes 1 to 3 s when no time is set', async () => {
      const quick = new FieldGateway({ mac: FIELD_MAC, name: '', groupId: 39, modelId: 9 }, { transport, setup: { ...environment(controls).env, timings: {} } });
      quick.receive(CHANNEL, configRequestEvent, config);
      await vi.advanceTimersByTimeAsync(999);
      expect(configAnswers(transport)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2_001);
      expect(configAnswers(transport)).toHaveLength(2);
      quick.close();
    });

    it('ignores an invalid request and another channel', async () => {
      gateway.receive(CHANNEL, configRequestEvent, { ...config, timezone: 'Europe/Paris' });
      gateway.receive(CHANNEL, configRequestEvent, { ...config, wifi: { ssid: 'x', password: 'short' } });
      gateway.receive(gatewayCommandChannel(GATEWAY_MAC), configRequestEvent, config);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(transport.sent).toEqual([]);
    });
  });

  describe('scan', () => {
    it('answers STATUS 200, then DATA every 2 s with the requested types only, then a final STATUS', async () => {
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's1', deviceTypes: ['BEACON', 'WRISTBAND'], timeout: 15 });
      expect(statuses(scanAnswers(transport))).toEqual([[200, SETUP_MESSAGES.scanning]]);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(data(scanAnswers(transport))).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(13_000);
      const answers = scanAnswers(transport);
      // DATA at 2, 4, … 14 s; the end at 15 s.
      expect(data(answers)).toHaveLength(7);
      expect(statuses(answers)).toEqual([
        [200, SETUP_MESSAGES.scanning],
        [200, SETUP_MESSAGES.complete],
      ]);
      expect(answers.at(-1)).toMatchObject({ type: 'STATUS', id: 's1', mac: FIELD_MAC });
      const last = data(answers).at(-1)!;
      expect(last).toMatchObject({ id: 's1', mac: FIELD_MAC });
      expect(new Set(last.devices.map((d) => d.type))).toEqual(new Set(['BEACON', 'WRISTBAND']));
      for (const device of last.devices) expect(device.rssi).toBeGreaterThanOrEqual(-100);

      // Its location's beacons (not those elsewhere, nor the dispenser) and new ones no database holds.
      const macs = last.devices.map((d) => d.mac);
      expect(macs).toEqual(expect.arrayContaining(['AC:23:3F:5A:00:01', 'AC:23:3F:5A:00:02']));
      expect(macs).not.toContain('AC:23:3F:5A:00:09');
      expect(macs).not.toContain('D4:7C:44:1D:00:01');
      const fresh = last.devices.filter((d) => !KNOWN.some((k) => k.mac === d.mac));
      expect(fresh.filter((d) => d.type === 'BEACON').length).toBeGreaterThanOrEqual(2);
      expect(fresh.filter((d) => d.type === 'WRISTBAND').length).toBeGreaterThanOrEqual(2);
      for (const device of fresh) expect(device.mac.startsWith(NEW_DEVICE_PREFIXES[device.type as keyof typeof NEW_DEVICE_PREFIXES])).toBe(true);

      // Devices are heard over the first messages; the list only grows.
      const counts = data(answers).map((d) => d.devices.length);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(counts.at(-1)).toBe(last.devices.length);

      // Nothing after the end; the same scan again hears the same devices.
      transport.clear();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(transport.sent).toEqual([]);
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's2', deviceTypes: ['BEACON', 'WRISTBAND'], timeout: 15 });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(
        data(scanAnswers(transport))
          .at(-1)!
          .devices.map((d) => d.mac)
          .sort(),
      ).toEqual([...macs].sort());
    });

    it('answers 503 while a scan runs, and a stop ends it with a final STATUS', async () => {
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's1', deviceTypes: ['DISPENSER'], timeout: 60 });
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's2', deviceTypes: ['BEACON'], timeout: 30 });
      expect(statuses(scanAnswers(transport))).toEqual([
        [200, SETUP_MESSAGES.scanning],
        [503, SETUP_MESSAGES.busy],
      ]);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(gateway.summary().scanning).toBe(true);
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's1', deviceTypes: ['DISPENSER'], timeout: 60, stop: true });
      expect(scanAnswers(transport).at(-1)).toEqual({ type: 'STATUS', id: 's1', mac: FIELD_MAC, code: 200, message: SETUP_MESSAGES.stopped });
      expect(gateway.summary().scanning).toBe(false);
      const sent = transport.sent.length;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(transport.sent).toHaveLength(sent);
      expect(data(scanAnswers(transport)).every((d) => d.devices.every((device) => device.type === 'DISPENSER'))).toBe(true);
    });

    it('answers nothing when made silent, and again once not', async () => {
      controls.set('silent', [FIELD_MAC], true);
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's1', deviceTypes: ['BEACON'], timeout: 15 });
      gateway.receive(CHANNEL, configRequestEvent, config);
      gateway.receive(CHANNEL, deviceInfoRequestEvent, { id: 'd1', devices: ['AC:23:3F:5A:00:01'], readVersion: true, timeout: 15_000 });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(transport.sent).toEqual([]);
      expect(reports).toEqual([]);
      controls.set('silent', [FIELD_MAC], false);
      gateway.receive(CHANNEL, scanRequestEvent, { id: 's2', deviceTypes: ['BEACON'], timeout: 15 });
      expect(statuses(scanAnswers(transport))).toEqual([[200, SETUP_MESSAGES.scanning]]);
    });
  });

  describe('device info', () => {
    it('answers each device with a real firmware version of its type, null for an unreachable one, within the timeout', async () => {
      const fresh = `${NEW_DEVICE_PREFIXES.DISPENSER}:AB:CD`;
      const unreachable = `${NEW_DEVICE_PREFIXES.BADGE}:00:01`;
      controls.set('unreachable', [unreachable], true);
      const devices = ['AC:23:3F:5A:00:01', fresh, `${NEW_DEVICE_PREFIXES.WRISTBAND}:12:34`, unreachable];
      gateway.receive(CHANNEL, deviceInfoRequestEvent, { id: 'd1', devices, readVersion: true, timeout: 15_000 });
      expect(infoAnswers(transport)).toEqual([]);
      await vi.advanceTimersByTimeAsync(15_000);
      const answers = infoAnswers(transport);
      expect(answers.map((a) => a.mac).sort()).toEqual([...devices].sort());
      const version = (mac: string) => answers.find((a) => a.mac === mac)?.version;
      const versionsOf = (type: string) => SEED_DEVICE_MODELS.filter((m) => m.deviceType === type).flatMap((m) => m.versions);
      // The known beacon answers a version of its own model (Minew, 12).
      expect(SEED_DEVICE_MODELS.find((m) => m.id === 12)?.versions).toContain(version('AC:23:3F:5A:00:01'));
      expect(versionsOf('DISPENSER')).toContain(version(fresh));
      expect(versionsOf('WRISTBAND')).toContain(version(`${NEW_DEVICE_PREFIXES.WRISTBAND}:12:34`));
      expect(version(unreachable)).toBeNull();
      expect(answers.every((a) => a.id === 'd1')).toBe(true);
    });

    it('answers a long list within a short timeout', async () => {
      const devices = Array.from({ length: 200 }, (_, i) => `${NEW_DEVICE_PREFIXES.BEACON}:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase());
      gateway.receive(CHANNEL, deviceInfoRequestEvent, { id: 'd2', devices, readVersion: true, timeout: 5_000 });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(infoAnswers(transport)).toHaveLength(200);
    });
  });
});

describe('the devices a gateway hears', () => {
  it('tells a type from the MAC prefixes of the demo and of new devices', () => {
    expect(typeOfMac('ac:23:3f:5a:00:01')).toBe('BEACON');
    expect(typeOfMac(`${NEW_DEVICE_PREFIXES.BADGE}:00:01`)).toBe('BADGE');
    expect(typeOfMac('00:11:22:33:44:55')).toBeNull();
  });

  it('reads the same version of a device every time', () => {
    expect(deviceVersion('D4:7C:44:2D:00:01')).toBe(deviceVersion('d4-7c-44-2d-00-01'));
    const anyVersion = SEED_DEVICE_MODELS.filter((m) => m.deviceType !== 'GATEWAY').flatMap((m) => m.versions);
    expect(anyVersion).toContain(deviceVersion('00:11:22:33:44:55'));
  });
});

describe('a simulated kiosk gateway', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers setup and scan requests on its command channel through the same handler', async () => {
    const { gateway, transport } = recordedGateway(undefined, { setup: environment(new SetupControls()).env });
    gateway.receive(gateway.commandChannel, configRequestEvent, config);
    gateway.receive(gateway.commandChannel, scanRequestEvent, { id: 's1', deviceTypes: ['WRISTBAND'], timeout: 15 });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(configAnswers(transport).map((a) => [a.mac, a.code])).toEqual([
      [GATEWAY_MAC, 202],
      [GATEWAY_MAC, 200],
    ]);
    expect(statuses(scanAnswers(transport))).toEqual([
      [200, SETUP_MESSAGES.scanning],
      [200, SETUP_MESSAGES.complete],
    ]);
    gateway.close();
  });

  it('answers nothing while silent, and 500 in error', async () => {
    const { gateway, transport } = recordedGateway(undefined, { setup: environment(new SetupControls()).env });
    gateway.setMode('silent');
    gateway.receive(gateway.commandChannel, configRequestEvent, config);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(transport.sent).toEqual([]);
    gateway.setMode('error');
    gateway.receive(gateway.commandChannel, configRequestEvent, config);
    gateway.receive(gateway.commandChannel, scanRequestEvent, { id: 's1', deviceTypes: ['WRISTBAND'], timeout: 15 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(configAnswers(transport).map((a) => a.code)).toEqual([202, 500]);
    expect(statuses(scanAnswers(transport))).toEqual([[500, SETUP_MESSAGES.error]]);
    gateway.close();
  });
});
