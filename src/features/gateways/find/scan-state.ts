import { SCAN_CODES, SCAN_NO_RESPONSE_MS, type HeardDevice, type ScanResponse } from '@contracts/gateways-realtime';

// The Find devices dialog's scan (docs/GATEWAYS.md 'The Find devices dialog'):
// each chosen gateway is asked to listen; it is 418 (awaiting) until it answers, 404 when it has
// not within 5 s, else what it reports. The devices heard are merged across gateways (strongest
// signal kept); those the server already has are shown but not added. Adding goes SCANNED →
// ADDING ('Connecting') → ADDED ('Successfully Added') or ERROR.

export type FoundStatus = 'SCANNED' | 'ADDING' | 'ADDED' | 'ERROR';
export const FOUND_LABELS: Record<FoundStatus, string> = { SCANNED: 'Scanned', ADDING: 'Connecting', ADDED: 'Successfully Added', ERROR: 'Error' };

export interface GatewayScan {
  mac: string;
  requestId: string;
  code: number;
  message: string | null;
  startedAt: number;
}

export interface FoundDevice extends HeardDevice {
  /** The gateway that heard it best. */
  gatewayMac: string;
  /** The server has this MAC already: listed, never added; null while it is being checked. */
  known: boolean | null;
  /** Where the server has it, when the caller may see that. */
  knownAt: string | null;
  status: FoundStatus;
  /** The version the gateway read, once read. */
  version: string | null;
  message: string | null;
}

export interface ScanState {
  scans: GatewayScan[];
  devices: FoundDevice[];
}

export const EMPTY_SCAN: ScanState = { scans: [], devices: [] };

/** Find: each gateway awaits its answer (418); what an earlier scan found is kept. */
export function scanStarted(state: ScanState, gateways: readonly { mac: string; requestId: string }[], now: number): ScanState {
  return { ...state, scans: gateways.map((g) => ({ mac: g.mac, requestId: g.requestId, code: SCAN_CODES.awaiting, message: null, startedAt: now })) };
}

/** A gateway still awaiting its answer 5 s after the start has not answered (404). */
export function noResponseCheck(state: ScanState, now: number): ScanState {
  if (!state.scans.some((s) => s.code === SCAN_CODES.awaiting && now - s.startedAt >= SCAN_NO_RESPONSE_MS)) return state;
  return {
    ...state,
    scans: state.scans.map((s) => (s.code === SCAN_CODES.awaiting && now - s.startedAt >= SCAN_NO_RESPONSE_MS ? { ...s, code: SCAN_CODES.noResponse, message: 'No response' } : s)),
  };
}

/** A gateway's message on its scan channel; `isKnown` tells the MACs the server has (null: not checked yet). */
export function scanAnswered(state: ScanState, response: ScanResponse, isKnown: (mac: string) => boolean | null): ScanState {
  const scan = state.scans.find((s) => s.requestId === response.id && s.mac.toUpperCase() === response.mac.toUpperCase());
  if (!scan) return state;
  if (response.type === 'STATUS') {
    return { ...state, scans: state.scans.map((s) => (s === scan ? { ...s, code: response.code, message: response.message ?? null } : s)) };
  }
  // Data means the gateway is listening, whatever status it sent (or did not send) first.
  const scans = scan.code === SCAN_CODES.awaiting || scan.code === SCAN_CODES.noResponse ? state.scans.map((s) => (s === scan ? { ...s, code: SCAN_CODES.ok } : s)) : state.scans;
  const byMac = new Map(state.devices.map((d) => [d.mac, d]));
  for (const heard of response.devices) {
    const mac = heard.mac.toUpperCase();
    const before = byMac.get(mac);
    if (before && before.rssi >= heard.rssi) continue;
    byMac.set(mac, before ? { ...before, rssi: heard.rssi, gatewayMac: scan.mac } : { ...heard, mac, gatewayMac: scan.mac, known: isKnown(mac), knownAt: null, status: 'SCANNED', version: null, message: null });
  }
  return { scans, devices: sortDevices([...byMac.values()]) };
}

const KNOWN_ORDER = (known: boolean | null) => (known === false ? 0 : known === null ? 1 : 2);
/** New devices first, then those still being checked, then the known ones; strongest signal first within each. */
const sortDevices = (devices: FoundDevice[]) => devices.sort((a, b) => KNOWN_ORDER(a.known) - KNOWN_ORDER(b.known) || b.rssi - a.rssi);

/** The MACs heard whose presence on the server is still to be checked. */
export const uncheckedMacs = (state: ScanState) => state.devices.filter((d) => d.known === null).map((d) => d.mac);

/** The server's answer on a MAC: it has the device (at `location`, when the caller may see it), or not. */
export function knownChecked(state: ScanState, mac: string, known: boolean, location: string | null = null): ScanState {
  const key = mac.toUpperCase();
  if (!state.devices.some((d) => d.mac === key && d.known === null)) return state;
  return { ...state, devices: sortDevices(state.devices.map((d) => (d.mac === key && d.known === null ? { ...d, known, knownAt: known ? location : null } : d))) };
}

/** The devices Add would create: heard, new to the server, not added yet (or failed before). */
export const newDevices = (state: ScanState) => state.devices.filter((d) => d.known === false && (d.status === 'SCANNED' || d.status === 'ERROR'));

/** Whether any gateway is still awaiting its answer to the scan. */
export const isScanning = (state: ScanState) => state.scans.some((s) => s.code === SCAN_CODES.awaiting);

/** Add: these devices are being connected to. */
export function adding(state: ScanState, macs: readonly string[]): ScanState {
  const chosen = new Set(macs);
  return { ...state, devices: state.devices.map((d) => (chosen.has(d.mac) ? { ...d, status: 'ADDING', message: null } : d)) };
}

/** A version the gateway read for a device being added. */
export function versionRead(state: ScanState, mac: string, version: string | null): ScanState {
  const key = mac.toUpperCase();
  return { ...state, devices: state.devices.map((d) => (d.mac === key && d.status === 'ADDING' ? { ...d, version } : d)) };
}

/** The server's answer for each device sent: created, or refused with its reason. */
export function addResults(state: ScanState, results: readonly { mac: string; ok: boolean; message?: string | null }[]): ScanState {
  const byMac = new Map(results.map((r) => [r.mac.toUpperCase(), r]));
  return {
    ...state,
    devices: state.devices.map((d) => {
      const result = byMac.get(d.mac);
      if (!result || d.status !== 'ADDING') return d;
      return result.ok ? { ...d, status: 'ADDED', known: true, message: null } : { ...d, status: 'ERROR', message: result.message || 'Could not be added' };
    }),
  };
}

/** Devices being added that the server will not be asked to create (their version unread or unknown): errors with the reason. */
export function addFailed(state: ScanState, failures: readonly { mac: string; message: string }[]): ScanState {
  return addResults(state, failures.map((f) => ({ mac: f.mac, ok: false, message: f.message })));
}

/** The toast after adding. */
export const createdSummary = (count: number) => `${count} device(s) created.`;
