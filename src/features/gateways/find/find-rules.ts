import { DEFAULT_SCAN_S, SCAN_CODES, SCAN_DURATIONS_S } from '@contracts/gateways-realtime';
import type { FoundDevice, GatewayScan } from './scan-state';

// What the Find devices dialog allows and says (docs/GATEWAYS.md 'The Find devices dialog'): Find needs gateways, a
// device type, a duration, a location below the top and the network; Add needs new devices.

export const DURATION_OPTIONS = SCAN_DURATIONS_S.map((s) => ({ value: String(s), label: s < 60 ? `${s} s` : `${s / 60} min` }));
export const DEFAULT_DURATION = String(DEFAULT_SCAN_S);

export const FIND_MESSAGES = {
  topLevel: 'Choose a location below the top level to find devices.',
  offline: 'Finding devices needs the network: the gateways are asked live. Reconnect to scan.',
  noGateways: 'Choose at least one gateway.',
  noTypes: 'Choose at least one device type.',
  noDuration: 'Choose how long to scan.',
  noNewDevices: 'No new devices to add.',
} as const;

/** Why Find cannot start now, or null. */
export function findBlocker(input: { topLevel: boolean; online: boolean; gateways: number; types: number; duration: string | null }): string | null {
  if (input.topLevel) return FIND_MESSAGES.topLevel;
  if (!input.online) return FIND_MESSAGES.offline;
  if (input.gateways === 0) return FIND_MESSAGES.noGateways;
  if (input.types === 0) return FIND_MESSAGES.noTypes;
  if (input.duration === null || !SCAN_DURATIONS_S.some((s) => String(s) === input.duration)) return FIND_MESSAGES.noDuration;
  return null;
}

/** What a gateway's scan status reads as. */
export function scanStatusLabel(scan: Pick<GatewayScan, 'code' | 'message'>, running: boolean): string {
  switch (scan.code) {
    case SCAN_CODES.awaiting:
      return 'Awaiting response';
    case SCAN_CODES.noResponse:
      return scan.message && scan.message !== 'No response' ? `No response: ${scan.message}` : 'No response';
    case SCAN_CODES.ok:
      return running ? 'Scanning' : 'Done';
    case SCAN_CODES.busy:
      return scan.message ? `Busy: ${scan.message}` : 'Busy';
    default:
      return scan.message ? `Failed: ${scan.message}` : `Failed (${scan.code})`;
  }
}

export type Tone = 'gray' | 'blue' | 'teal' | 'yellow' | 'red';

export const scanStatusTone = (code: number): Tone =>
  code === SCAN_CODES.ok ? 'teal' : code === SCAN_CODES.awaiting ? 'blue' : code === SCAN_CODES.busy || code === SCAN_CODES.noResponse ? 'yellow' : 'red';

/** What a found device's row says: new, already there, being checked, or where adding it stands. */
export function deviceStatus(device: Pick<FoundDevice, 'known' | 'knownAt' | 'status' | 'message'>): { label: string; tone: Tone } {
  if (device.status === 'ADDING') return { label: 'Connecting', tone: 'blue' };
  if (device.status === 'ADDED') return { label: 'Successfully Added', tone: 'teal' };
  if (device.status === 'ERROR') return { label: device.message ?? 'Error', tone: 'red' };
  if (device.known === null) return { label: 'Checking…', tone: 'gray' };
  if (device.known) return { label: device.knownAt ? `Exists at ${device.knownAt}` : 'Already exists', tone: 'gray' };
  return { label: 'New', tone: 'yellow' };
}
