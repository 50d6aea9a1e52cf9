import { gatewayEndpoints, type TerminalState } from '@contracts/gateways';
import { mainApi } from '@/lib/api-client';

/** POST /devices/tmate/toggle: opens or closes a kiosk gateway's remote terminal session. */
export function toggleTerminal(deviceId: number, enabled: boolean): Promise<TerminalState> {
  return mainApi.call(gatewayEndpoints.terminal, { body: { deviceId, enabled } });
}
