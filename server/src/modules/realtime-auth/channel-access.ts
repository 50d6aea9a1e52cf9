import type { AppPage } from '../../contracts/page-access';
import { OPERATIONS_CHANNEL_PATTERN, OPERATIONS_PAGES } from '../../contracts/operations';
import { SERVER_CHANNEL, userChannelName } from '../../contracts/realtime';
import { gatewayCommandChannel, gatewaySessionChannel } from '../../contracts/stations-realtime';
import type { Database } from '../../db/client';
import { mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import { activeGatewaysOf } from '../devices';

/** Who may talk to gateways over their channels: the Stations page (kiosk sessions, NFC stations) and the Gateways page (commands). */
export const GATEWAY_CHANNEL_PAGES: readonly AppPage[] = ['/app/maintenance/stations', '/app/maintenance/gateways'];
/** The server channel carries the live request log of the Server Logs page (SERVER_LOGS; docs/PERMISSIONS.md 'Decisions'). */
export const SERVER_CHANNEL_PAGES: readonly AppPage[] = ['/app/debug/server-logs-report'];

/**
 * Whether some active gateway of the given locations has `channel` as its session or command
 * channel. Session channels are named from the gateway's name, which SQL cannot invert, so the
 * locations' gateways (a handful per unit) are matched here rather than every device of the fleet.
 */
async function isGatewayChannelOf(db: Database, channel: string, groupIds: readonly number[]): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const gateways = await activeGatewaysOf(db, groupIds);
  return gateways.some((g) => gatewaySessionChannel(g.name) === channel || gatewayCommandChannel(g.mac) === channel);
}

/**
 * Whether a caller may join a private channel (docs/PERMISSIONS.md 'Channels'): their own
 * 'private-client-{id}' channel always; the server channel with the Server Logs page; a gateway's
 * session or command channel with the Stations or Gateways page, when that gateway stands in a
 * location of their scope; a location's operations channel with any operations page, when the
 * location is in their scope. Anything else is refused.
 */
export async function mayJoinChannel(db: Database, caller: Caller, channel: string): Promise<boolean> {
  if (!channel.startsWith('private-')) return false;
  if (channel.startsWith('private-client-')) return channel === userChannelName(caller.user.id);
  if (channel === SERVER_CHANNEL) return mayUse(caller, ...SERVER_CHANNEL_PAGES);
  const operations = OPERATIONS_CHANNEL_PATTERN.exec(channel);
  if (operations) return mayUse(caller, ...Object.values(OPERATIONS_PAGES)) && (await caller.scope()).groupIds.has(Number(operations[1]));
  if (!mayUse(caller, ...GATEWAY_CHANNEL_PAGES)) return false;
  const scope = await caller.scope();
  return isGatewayChannelOf(db, channel, [...scope.groupIds]);
}
