import type { GatewayStation } from '../../../../server/src/contracts/stations';
import {
  commandResponseEvent,
  commandResponseSchema,
  gatewayCommandChannel,
  gatewaySessionChannel,
  sessionUpEvent,
  sessionUpSchema,
  type CommandResponse,
  type CommandType,
  type SessionUp,
} from '../../../../server/src/contracts/stations-realtime';
import { KioskGateway, type KioskGatewayOptions } from '../../../../server/src/simulator/gateways/kiosk-gateway';
import type { GatewayTransport } from '../../../../server/src/simulator/gateways/transport';

export const GATEWAY_MAC = 'B8:27:EB:4F:01:02';

export const wristbandMac = (n: number) => `C0:FF:EE:00:00:${n.toString(16).toUpperCase().padStart(2, '0')}`;

/** A kiosk gateway's set-up as GET /api/gateways/station answers it: `count` home wristbands, odd ones held. */
export function gatewayStation(count = 12, overrides: Partial<GatewayStation> = {}): GatewayStation {
  const name = overrides.name ?? 'Kiosk 3N';
  const mac = overrides.mac ?? GATEWAY_MAC;
  return {
    mac,
    name,
    station: 'Station 3N',
    sessionChannel: gatewaySessionChannel(name),
    commandChannel: gatewayCommandChannel(mac),
    firmwareVersion: '2.4.1',
    wristbands: Array.from({ length: count }, (_, i) => ({
      mac: wristbandMac(i + 1),
      syncEnabled: false,
      batteryPercent: 80 + (i % 20),
      firmwareVersion: '3.1.0',
      holder: i % 2 === 1 ? { userId: 100 + i, name: `Nurse ${i}` } : null,
    })),
    ...overrides,
  };
}

export interface Sent {
  channel: string;
  event: string;
  payload: unknown;
}

/** A transport that keeps what was sent, checked against the contract. */
export class Recorder implements GatewayTransport {
  readonly sent: Sent[] = [];

  trigger(channel: string, event: string, payload: unknown): void {
    // Through JSON, as the wire carries it.
    this.sent.push({ channel, event, payload: JSON.parse(JSON.stringify(payload)) });
  }

  /** Session messages (gateway → console), parsed with the contract's schema. */
  up(): SessionUp[] {
    return this.sent.filter((s) => s.event === sessionUpEvent()).map((s) => sessionUpSchema.parse(s.payload));
  }

  responses(type: CommandType): CommandResponse[] {
    return this.sent.filter((s) => s.event === commandResponseEvent(type)).map((s) => commandResponseSchema.parse(s.payload));
  }

  clear(): void {
    this.sent.length = 0;
  }
}

/** A gateway on a recorder; drive time with vi.useFakeTimers(). */
export function recordedGateway(station = gatewayStation(), options: Partial<KioskGatewayOptions> = {}) {
  const transport = new Recorder();
  const gateway = new KioskGateway(station, { transport, ...options });
  return { gateway, transport, station };
}
