import { describe, expect, it } from 'vitest';
import { addFailed, addResults, adding, createdSummary, EMPTY_SCAN, isScanning, knownChecked, newDevices, noResponseCheck, scanAnswered, scanStarted, uncheckedMacs, versionRead } from './scan-state';

const GW1 = 'AC:23:3F:00:00:01';
const GW2 = 'AC:23:3F:00:00:02';
const KNOWN = new Set(['C0:00:00:00:00:09']);
const isKnown = (mac: string) => KNOWN.has(mac);
const started = () => scanStarted(EMPTY_SCAN, [{ mac: GW1, requestId: 'a' }, { mac: GW2, requestId: 'b' }], 0);

describe('the gateway scan', () => {
  it('awaits each gateway (418) and marks one still silent after 5 s as not answering (404)', () => {
    let s = started();
    expect(s.scans.map((g) => g.code)).toEqual([418, 418]);
    expect(isScanning(s)).toBe(true);
    s = scanAnswered(s, { type: 'STATUS', id: 'a', mac: GW1, code: 200 }, isKnown);
    expect(noResponseCheck(s, 4_999)).toBe(s);
    s = noResponseCheck(s, 5_000);
    expect(s.scans.map((g) => g.code)).toEqual([200, 404]);
    expect(isScanning(s)).toBe(false);
  });

  it('keeps a gateway busy or failed as it reports (503, 500) and ignores answers to other scans', () => {
    let s = scanAnswered(started(), { type: 'STATUS', id: 'b', mac: GW2, code: 503, message: 'Busy' }, isKnown);
    expect(s.scans[1]).toMatchObject({ code: 503, message: 'Busy' });
    expect(scanAnswered(s, { type: 'STATUS', id: 'old', mac: GW1, code: 500 }, isKnown)).toBe(s);
    s = scanAnswered(s, { type: 'STATUS', id: 'a', mac: GW1, code: 500 }, isKnown);
    expect(s.scans[0]?.code).toBe(500);
  });

  it('merges what the gateways heard, strongest signal first, and offers only new devices for Add', () => {
    let s = scanAnswered(
      started(),
      { type: 'DATA', id: 'a', mac: GW1, devices: [{ mac: 'c0:00:00:00:00:01', type: 'BEACON', rssi: -70 }, { mac: 'C0:00:00:00:00:09', type: 'BEACON', rssi: -40 }] },
      isKnown,
    );
    expect(s.scans[0]?.code).toBe(200);
    s = scanAnswered(s, { type: 'DATA', id: 'b', mac: GW2, devices: [{ mac: 'C0:00:00:00:00:01', type: 'BEACON', rssi: -50 }, { mac: 'C0:00:00:00:00:02', type: 'DISPENSER', rssi: -80 }] }, isKnown);
    expect(s.devices.map((d) => [d.mac, d.rssi, d.gatewayMac, d.known])).toEqual([
      ['C0:00:00:00:00:01', -50, GW2, false],
      ['C0:00:00:00:00:02', -80, GW2, false],
      ['C0:00:00:00:00:09', -40, GW1, true],
    ]);
    expect(newDevices(s).map((d) => d.mac)).toEqual(['C0:00:00:00:00:01', 'C0:00:00:00:00:02']);
  });

  it('adds through Connecting to Successfully Added, or an error that may be tried again', () => {
    let s = scanAnswered(started(), { type: 'DATA', id: 'a', mac: GW1, devices: [{ mac: 'C0:00:00:00:00:01', type: 'BEACON', rssi: -70 }, { mac: 'C0:00:00:00:00:02', type: 'BEACON', rssi: -60 }] }, isKnown);
    s = adding(s, ['C0:00:00:00:00:01', 'C0:00:00:00:00:02']);
    expect(s.devices.map((d) => d.status)).toEqual(['ADDING', 'ADDING']);
    expect(newDevices(s)).toEqual([]);
    s = versionRead(s, 'c0:00:00:00:00:02', '2.1.0');
    s = addResults(s, [{ mac: 'C0:00:00:00:00:02', ok: true }, { mac: 'C0:00:00:00:00:01', ok: false, message: 'MAC already exists' }]);
    expect(s.devices.map((d) => [d.mac, d.status, d.version, d.message])).toEqual([
      ['C0:00:00:00:00:02', 'ADDED', '2.1.0', null],
      ['C0:00:00:00:00:01', 'ERROR', null, 'MAC already exists'],
    ]);
    expect(newDevices(s).map((d) => d.mac)).toEqual(['C0:00:00:00:00:01']);
    expect(createdSummary(1)).toBe('1 device(s) created.');
  });

  it('checks MACs not known yet with the server: new ones are offered, known ones say where they are', () => {
    let s = scanAnswered(started(), { type: 'DATA', id: 'a', mac: GW1, devices: [{ mac: 'C0:00:00:00:00:01', type: 'BEACON', rssi: -70 }, { mac: 'C0:00:00:00:00:02', type: 'BEACON', rssi: -60 }] }, () => null);
    expect(uncheckedMacs(s)).toEqual(['C0:00:00:00:00:02', 'C0:00:00:00:00:01']);
    expect(newDevices(s)).toEqual([]);
    s = knownChecked(s, 'c0:00:00:00:00:02', true, 'ICU – 3 North');
    s = knownChecked(s, 'C0:00:00:00:00:01', false);
    expect(knownChecked(s, 'C0:00:00:00:00:01', true)).toBe(s);
    expect(s.devices.map((d) => [d.mac, d.known, d.knownAt])).toEqual([
      ['C0:00:00:00:00:01', false, null],
      ['C0:00:00:00:00:02', true, 'ICU – 3 North'],
    ]);
    expect(uncheckedMacs(s)).toEqual([]);
    s = addFailed(adding(s, ['C0:00:00:00:00:01']), [{ mac: 'C0:00:00:00:00:01', message: 'Error connecting to device' }]);
    expect(s.devices[0]).toMatchObject({ status: 'ERROR', message: 'Error connecting to device' });
  });
});
