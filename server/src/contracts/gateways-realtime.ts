import { z } from 'zod';
import { DEVICE_TYPES } from './devices';

// Setting a gateway up, finding the devices it hears and reading their versions: the
// client events on a gateway's command channel (`gatewayCommandChannel`, by MAC, in
// ./stations-realtime.ts) and the payloads both ends validate. docs/GATEWAYS.md tells the protocol.

export const configRequestEvent = 'client-gwc-req-config';
export const configResponseEvent = 'client-gwc-res-config';
export const scanRequestEvent = 'client-gwc-req-scan';
export const scanResponseEvent = 'client-gwc-res-scan';
export const deviceInfoRequestEvent = 'client-gwc-req-device-info';
export const deviceInfoResponseEvent = 'client-gwc-res-device-info';

// ---- Setup ------------------------------------------------------------------------------------

/** A setup card's answers: 202 in progress, 200 set up, 500 failed. */
export const SETUP_CODES = { progress: 202, done: 200, failed: 500 } as const;

/** The setup timers, in milliseconds. */
export const SETUP_TIMERS = {
  /** After Submit: anything still in progress when it runs out has failed. */
  countdownMs: 10_000,
  /** A gateway's name is taken this long after the last keystroke. */
  nameDebounceMs: 500,
} as const;

/**
 * The supported time zones (docs/GATEWAYS.md 'The Setup drawer'): US Pacific, Eastern, Mountain and
 * Central, under both their US/ and America/ names, as the POSIX TZ strings a gateway's clock
 * takes (the US rule since 2007: second Sunday of March to first Sunday of November).
 */
export const SETUP_TIME_ZONES = {
  'US/Pacific': 'PST8PDT,M3.2.0,M11.1.0',
  'US/Mountain': 'MST7MDT,M3.2.0,M11.1.0',
  'US/Central': 'CST6CDT,M3.2.0,M11.1.0',
  'US/Eastern': 'EST5EDT,M3.2.0,M11.1.0',
  'America/Los_Angeles': 'PST8PDT,M3.2.0,M11.1.0',
  'America/Denver': 'MST7MDT,M3.2.0,M11.1.0',
  'America/Chicago': 'CST6CDT,M3.2.0,M11.1.0',
  'America/New_York': 'EST5EDT,M3.2.0,M11.1.0',
} as const;
export type SetupTimeZone = keyof typeof SETUP_TIME_ZONES;
export const SETUP_TIME_ZONE_NAMES = Object.keys(SETUP_TIME_ZONES) as SetupTimeZone[];
const POSIX_ZONES = new Set<string>(Object.values(SETUP_TIME_ZONES));

/** WiFi: a network name of 1–32 bytes (IEEE 802.11), a WPA passphrase of 8–63 characters when given. */
export const wifiSchema = z.object({
  ssid: z.string().min(1, 'A WiFi network name is required').max(32, 'A WiFi network name has at most 32 characters'),
  password: z.string().min(8, 'A WiFi password has at least 8 characters').max(63, 'A WiFi password has at most 63 characters').optional(),
});
export type Wifi = z.infer<typeof wifiSchema>;

/** Console → gateway, on `client-gwc-req-config`: its network and clock (the password left out when empty). */
export const configRequestSchema = z.object({
  id: z.string().max(64),
  wifi: wifiSchema,
  timezone: z.string().refine((zone) => POSIX_ZONES.has(zone), 'not a supported time zone'),
});
export type ConfigRequest = z.infer<typeof configRequestSchema>;

/** Gateway → console, on `client-gwc-res-config`. */
export const configResponseSchema = z.object({
  id: z.string().max(64),
  mac: z.string().max(17),
  code: z.number().int(),
  message: z.string().max(500).optional(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

// ---- Scan (Find devices) ----------------------------------------------------------------------

/** How long a scan may listen, in seconds, and the default. */
export const SCAN_DURATIONS_S = [15, 30, 60, 120] as const;
export const DEFAULT_SCAN_S = 30;

/**
 * A scan's status codes (docs/GATEWAYS.md 'The Find devices dialog'): 418 awaiting the gateway's answer (set when the
 * scan starts), 404 no answer (still 418 after `SCAN_NO_RESPONSE_MS`), and 200, 503 or 500 as the
 * gateway reports them.
 */
export const SCAN_CODES = { awaiting: 418, noResponse: 404, ok: 200, busy: 503, failed: 500 } as const;
export const SCAN_NO_RESPONSE_MS = 5_000;

/** Console → gateway, on `client-gwc-req-scan`: listen for these device types, or stop. */
export const scanRequestSchema = z.object({
  id: z.string().max(64),
  deviceTypes: z.array(z.enum(DEVICE_TYPES)).min(1).max(DEVICE_TYPES.length),
  /** Seconds. */
  timeout: z.number().int().min(SCAN_DURATIONS_S[0]).max(SCAN_DURATIONS_S[SCAN_DURATIONS_S.length - 1] as number),
  stop: z.boolean().optional(),
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

/** A device a gateway heard: its MAC, its type, and the signal (dBm). */
export const heardDeviceSchema = z.object({
  mac: z.string().max(17),
  type: z.enum(DEVICE_TYPES),
  rssi: z.number().int().min(-127).max(20),
});
export type HeardDevice = z.infer<typeof heardDeviceSchema>;

/** Gateway → console, on `client-gwc-res-scan`: a status, or the devices heard so far. */
export const scanResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('STATUS'), id: z.string().max(64), mac: z.string().max(17), code: z.number().int(), message: z.string().max(500).optional() }),
  z.object({ type: z.literal('DATA'), id: z.string().max(64), mac: z.string().max(17), devices: z.array(heardDeviceSchema).max(1000) }),
]);
export type ScanResponse = z.infer<typeof scanResponseSchema>;

// ---- Device info ------------------------------------------------------------------------------

/** How long the gateway may take to connect to the devices: 45 s, or 15 s for fewer than 15 devices. */
export const deviceInfoTimeoutMs = (deviceCount: number) => (deviceCount < 15 ? 15_000 : 45_000);

/** Console → gateway, on `client-gwc-req-device-info`: connect to these devices and read their versions. */
export const deviceInfoRequestSchema = z.object({
  id: z.string().max(64),
  devices: z.array(z.string().max(17)).min(1).max(1000),
  readVersion: z.boolean(),
  /** Milliseconds. */
  timeout: z.number().int().positive().max(45_000),
});
export type DeviceInfoRequest = z.infer<typeof deviceInfoRequestSchema>;

/** Gateway → console, on `client-gwc-res-device-info`: one device's version (null when it could not be read). */
export const deviceInfoResponseSchema = z.object({
  id: z.string().max(64),
  mac: z.string().max(17),
  version: z.string().max(40).nullable(),
});
export type DeviceInfoResponse = z.infer<typeof deviceInfoResponseSchema>;
