import { fail, ok, type ApiResult } from './api-result';
import { channelNameSchema, isPresenceChannel } from './protocol';
import type { ChannelRegistry } from './registry';

/** Parses the comma-separated `info` parameter into attribute names. */
export function parseInfo(info: string | null | undefined): Set<string> {
  return new Set((info ?? '').split(',').map((part) => part.trim()).filter(Boolean));
}

/** The requested attributes of one channel (`user_count` only exists for presence channels). */
export function channelAttributes(registry: ChannelRegistry, channel: string, info: Set<string>): Record<string, number> {
  const attributes: Record<string, number> = {};
  if (info.has('subscription_count')) attributes.subscription_count = registry.subscriptionCount(channel);
  if (info.has('user_count') && isPresenceChannel(channel)) attributes.user_count = registry.userCount(channel);
  return attributes;
}

/** GET /apps/{id}/channels: occupied channels, optionally filtered by prefix. */
export function listChannels(registry: ChannelRegistry, query: URLSearchParams): ApiResult {
  const prefix = query.get('filter_by_prefix') ?? '';
  const info = parseInfo(query.get('info'));
  if (info.has('user_count') && !prefix.startsWith('presence-')) {
    return fail(400, 'user_count may only be requested together with filter_by_prefix=presence-');
  }
  const channels: Record<string, Record<string, number>> = {};
  for (const name of registry.occupiedChannels()) {
    if (name.startsWith(prefix)) channels[name] = channelAttributes(registry, name, info);
  }
  return ok({ channels });
}

/** GET /apps/{id}/channels/{name}: occupancy and requested counts. */
export function channelInfo(registry: ChannelRegistry, channel: string, query: URLSearchParams): ApiResult {
  const name = channelNameSchema.safeParse(channel);
  if (!name.success) return fail(400, `Invalid channel name: ${channel}`);
  const info = parseInfo(query.get('info'));
  if (info.has('user_count') && !isPresenceChannel(channel)) {
    return fail(400, 'user_count may only be requested for presence channels');
  }
  const occupied = registry.subscriptionCount(channel) > 0;
  return ok({ occupied, ...channelAttributes(registry, channel, info) });
}

/** GET /apps/{id}/channels/{name}/users: the distinct users of a presence channel. */
export function channelUsers(registry: ChannelRegistry, channel: string): ApiResult {
  if (!channelNameSchema.safeParse(channel).success) return fail(400, `Invalid channel name: ${channel}`);
  if (!isPresenceChannel(channel)) return fail(400, 'Users can only be listed for presence channels');
  return ok({ users: registry.presence(channel).ids.map((id) => ({ id })) });
}
