import type { KioskGateway } from '@contracts/stations';
import type { GatewayState, WristbandState } from '@contracts/stations-realtime';

export const GATEWAY_MAC = 'B8:27:EB:4F:00:01';

/** A wristband in a test state; sync off, idle, free unless told otherwise. */
export function wristband(mac: string, patch: Partial<WristbandState> = {}): WristbandState {
  return {
    mac,
    gatewayMac: GATEWAY_MAC,
    name: null,
    userId: null,
    battery: 80,
    version: '4.0.2',
    syncEnabled: false,
    status: { working: false, lastStatus: null },
    isUpdating: false,
    ...patch,
  };
}

/** A gateway state with one station whose slots hold the given wristbands (slot → wristband). */
export function gatewayState(seq: number, slots: Record<number, WristbandState>, mac = GATEWAY_MAC): GatewayState {
  return {
    mac,
    seq,
    stations: [
      {
        name: 'Station A',
        slots: Array.from({ length: 16 }, (_, i) => ({ slot: i + 1, wristband: slots[i + 1] ?? null })),
      },
    ],
  };
}

export function kioskGateway(patch: Partial<KioskGateway> = {}): KioskGateway {
  return {
    id: 501,
    name: 'Kiosk 3N',
    mac: GATEWAY_MAC,
    modelId: 13,
    role: 'KIOSK_GATEWAY',
    station: 'Station A – ICU 3 North',
    groupId: 6,
    groupName: 'ICU 3 North',
    lastHeartbeatAt: null,
    sessionChannel: 'private-kiosk-3n',
    commandChannel: 'private-b8-27-eb-4f-00-01',
    ...patch,
  };
}
