import { gatewayEndpoints, type Gateway } from '@contracts/gateways';
import { mainApi } from '@/lib/api-client';

/** POST /gateways/config: names a gateway and places it in a location; the setup queue's gateways leave it so. */
export function configureGateway(body: { id: number; groupId: number; name: string }): Promise<Gateway> {
  return mainApi.call(gatewayEndpoints.config, { body });
}
