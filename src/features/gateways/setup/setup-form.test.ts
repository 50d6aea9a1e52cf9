import { configRequestSchema } from '@contracts/gateways-realtime';
import { describe, expect, it } from 'vitest';
import { configRequestOf, holdsSetupQueue, placeableLocations, setupFormDefaults, setupFormSchema } from './setup-form';

const valid = { ssid: 'Ward-WiFi', password: '', timeZone: 'US/Central', groupId: 4 } as const;
const errorsOf = (values: unknown) => {
  const parsed = setupFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('gateway setup form', () => {
  it('needs a WiFi network name and a location outside the queue; the password may be empty', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, ssid: '' })).toEqual({ ssid: 'A WiFi network name is required' });
    expect(errorsOf({ ...valid, ssid: '   ' })).toEqual({ ssid: 'A WiFi network name is required' });
    expect(errorsOf({ ...valid, ssid: 'x'.repeat(33) })).toEqual({ ssid: 'A WiFi network name has at most 32 characters' });
    expect(errorsOf({ ...valid, groupId: null })).toEqual({ groupId: 'Choose a location' });
    expect(errorsOf({ ...valid, groupId: 39 })).toEqual({ groupId: 'Choose a location outside Gateway Setup' });
  });

  it('checks a password given against the WPA rules', () => {
    expect(errorsOf({ ...valid, password: 'short' })).toEqual({ password: 'A WiFi password has at least 8 characters' });
    expect(errorsOf({ ...valid, password: 'p'.repeat(64) })).toEqual({ password: 'A WiFi password has at most 63 characters' });
    expect(errorsOf({ ...valid, password: 'long enough' })).toEqual({});
  });

  it('sends the zone as its POSIX string and leaves an empty password out', () => {
    const open = configRequestOf(valid, 'r1');
    expect(open).toEqual({ id: 'r1', wifi: { ssid: 'Ward-WiFi' }, timezone: 'CST6CDT,M3.2.0,M11.1.0' });
    expect('password' in open.wifi).toBe(false);
    expect(configRequestSchema.parse(open)).toEqual(open);
    expect(configRequestOf({ ...valid, password: 'secret-pass', timeZone: 'America/Los_Angeles' }, 'r2')).toEqual({
      id: 'r2',
      wifi: { ssid: 'Ward-WiFi', password: 'secret-pass' },
      timezone: 'PST8PDT,M3.2.0,M11.1.0',
    });
  });

  it('starts at the page’s location and its zone when supported, never at the queue', () => {
    expect(setupFormDefaults(4, 'America/Chicago')).toEqual({ ssid: '', password: '', timeZone: 'America/Chicago', groupId: 4 });
    expect(setupFormDefaults(4, 'Europe/Berlin').timeZone).toBe('US/Eastern');
    expect(setupFormDefaults(39, undefined).groupId).toBeNull();
    expect(setupFormDefaults(null, undefined).groupId).toBeNull();
    expect(placeableLocations([{ id: 1 }, { id: 39 }, { id: 40 }]).map((g) => g.id)).toEqual([1, 40]);
  });

  it('offers setup only to those whose scope holds the queue', () => {
    expect(holdsSetupQueue([{ id: 1, accessible: true }, { id: 39, accessible: true }])).toBe(true);
    expect(holdsSetupQueue([{ id: 1, accessible: true }, { id: 39, accessible: false }])).toBe(false);
    expect(holdsSetupQueue([{ id: 2, accessible: true }])).toBe(false);
  });
});
