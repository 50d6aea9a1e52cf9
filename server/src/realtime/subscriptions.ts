import { verifyChannelAuth } from './signatures';
import {
  LIMITS,
  describeZodError,
  errorFrame,
  eventNameSchema,
  isEncryptedChannel,
  isPresenceChannel,
  isPrivateChannel,
  presenceChannelDataSchema,
  subscribeDataSchema,
  unsubscribeDataSchema,
  utf8Bytes,
  type OutgoingFrame,
} from './protocol';
import type { ChannelRegistry, PresenceMember, Subscriber } from './registry';

/** What the channel handlers need from a WebSocket connection. */
export interface ClientSession extends Subscriber {
  readonly app: { key: string; secret: string };
  readonly registry: ChannelRegistry;
  readonly channels: Set<string>;
  send(frame: OutgoingFrame): void;
}

/** Pusher's error code for rejected client events. */
const CLIENT_EVENT_REJECTED = 4301;

/** Handles `pusher:subscribe`: verifies the signature for private/presence channels, then joins. */
export function handleSubscribe(session: ClientSession, payload: unknown): void {
  const parsed = subscribeDataSchema.safeParse(payload);
  if (!parsed.success) {
    session.send(errorFrame(null, `Invalid pusher:subscribe data: ${describeZodError(parsed.error)}`));
    return;
  }
  const { channel, auth, channel_data: channelData } = parsed.data;
  const presence = isPresenceChannel(channel);
  if (presence || isPrivateChannel(channel)) {
    const check = verifyChannelAuth(session.app, auth, session.socketId, channel, channelData);
    if (!check.ok) return refuse(session, channel, check.message);
  }
  let member: PresenceMember | undefined;
  if (presence) {
    const parsedMember = parsePresenceData(channelData);
    if (!parsedMember) return refuse(session, channel, `Invalid channel_data for presence channel ${channel}: expected JSON with a user_id`);
    member = parsedMember;
  }

  session.channels.add(channel);
  const { newMember } = session.registry.subscribe(channel, session, member);
  if (!member) {
    session.send({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
    return;
  }
  const presenceData = { presence: session.registry.presence(channel) };
  session.send({ event: 'pusher_internal:subscription_succeeded', channel, data: JSON.stringify(presenceData) });
  if (newMember) {
    const added = { user_id: member.userId, user_info: member.userInfo };
    session.registry.publish(channel, { event: 'pusher_internal:member_added', channel, data: JSON.stringify(added) }, session.socketId);
  }
}

/** Handles `pusher:unsubscribe`. */
export function handleUnsubscribe(session: ClientSession, payload: unknown): void {
  const parsed = unsubscribeDataSchema.safeParse(payload);
  if (!parsed.success) {
    session.send(errorFrame(null, `Invalid pusher:unsubscribe data: ${describeZodError(parsed.error)}`));
    return;
  }
  const { channel } = parsed.data;
  if (!session.channels.has(channel)) {
    session.send(errorFrame(null, `No current subscription to channel ${channel}, or subscription in progress`));
    return;
  }
  leaveChannel(session, channel);
}

/** Removes the session from a channel and tells presence peers if its user is gone. */
export function leaveChannel(session: ClientSession, channel: string): void {
  session.channels.delete(channel);
  const result = session.registry.unsubscribe(channel, session.socketId);
  if (result?.goneMember) {
    const removed = { user_id: result.goneMember.userId };
    session.registry.publish(channel, { event: 'pusher_internal:member_removed', channel, data: JSON.stringify(removed) });
  }
}

/** Relays a `client-*` event to the other subscribers of a private or presence channel. */
export function handleClientEvent(session: ClientSession, event: string, channel: string | undefined, data: unknown): void {
  const reject = (reason: string) => session.send(errorFrame(CLIENT_EVENT_REJECTED, `Client event rejected - ${reason}`));
  if (!eventNameSchema.safeParse(event).success) return reject(`event name must be at most ${LIMITS.eventNameLength} characters`);
  if (channel === undefined) return reject('no channel given');
  if (!(isPrivateChannel(channel) || isPresenceChannel(channel)) || isEncryptedChannel(channel)) {
    return reject('only supported on private and presence channels');
  }
  if (!session.registry.isSubscribed(channel, session.socketId)) return reject(`not subscribed to channel ${channel}`);
  if (utf8Bytes(JSON.stringify(data ?? null)) > LIMITS.eventDataBytes) {
    return reject(`data exceeds ${LIMITS.eventDataBytes} bytes`);
  }
  const frame: OutgoingFrame = { event, channel, data };
  const member = session.registry.memberOf(channel, session.socketId);
  if (member) frame.user_id = member.userId;
  session.registry.publish(channel, frame, session.socketId);
}

/** Sends what makes pusher-js report a failed subscription, without joining the channel. */
function refuse(session: ClientSession, channel: string, message: string): void {
  // Pusher Channels itself only sends this connection-level error...
  session.send(errorFrame(null, message));
  // ...which pusher-js does not route to the channel; this channel-scoped event (the same
  // shape pusher-js emits for a failed auth request) is what fires `pusher:subscription_error`.
  session.send({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: message, status: 401 } });
}

function parsePresenceData(channelData: string | undefined): PresenceMember | undefined {
  if (channelData === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(channelData);
  } catch {
    return undefined;
  }
  const parsed = presenceChannelDataSchema.safeParse(json);
  return parsed.success ? { userId: parsed.data.user_id, userInfo: parsed.data.user_info } : undefined;
}
