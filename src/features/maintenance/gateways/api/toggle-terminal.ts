import { gatewayEndpoints, type TerminalState } from '@contracts/gateways';
import { mainApi } from '@/lib/api-client';

/** POST /devices/tmate/toggle: opens or closes a kiosk gateway's remote terminal session (03 §7). */
export function toggleTerminal(deviceId: number, enabled: boolean): Promise<TerminalState> {
  return mainApi.call(gatewayEndpoints.terminal, { body: { deviceId, enabled } });
}
