import { z } from 'zod';

/** Limits Pusher Channels enforces; mirrored so local behaviour matches production. */
export const LIMITS = {
  channelNameLength: 200,
  eventNameLength: 200,
  eventDataBytes: 10 * 1024,
  channelsPerTrigger: 100,
  eventsPerBatch: 10,
} as const;

export const channelNameSchema = z
  .string()
  .min(1, 'channel name must not be empty')
  .max(LIMITS.channelNameLength, `channel name must be at most ${LIMITS.channelNameLength} characters`)
  .regex(/^[A-Za-z0-9_\-=@,.;]+$/, 'channel name may only contain A-Z a-z 0-9 _ - = @ , . ;');

export const eventNameSchema = z
  .string()
  .min(1, 'event name must not be empty')
  .max(LIMITS.eventNameLength, `event name must be at most ${LIMITS.eventNameLength} characters`);

export const socketIdSchema = z.string().regex(/^\d+\.\d+$/, 'socket_id must look like "123.456"');

/** Any frame a client may send; `data` is refined per event type. */
export const incomingFrameSchema = z.object({
  event: z.string().min(1),
  channel: z.string().optional(),
  data: z.unknown().optional(),
});

export const subscribeDataSchema = z.object({
  channel: channelNameSchema,
  auth: z.string().optional(),
  channel_data: z.string().optional(),
});

export const unsubscribeDataSchema = z.object({ channel: channelNameSchema });

/** Presence `channel_data`; user ids may be numbers in the wild, Pusher treats them as strings. */
export const presenceChannelDataSchema = z.object({
  user_id: z.union([z.string().min(1), z.number()]).transform(String),
  user_info: z.unknown().optional(),
});

export interface OutgoingFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** Serialises a frame for the wire. */
export function encodeFrame(frame: OutgoingFrame): string {
  return JSON.stringify(frame);
}

/** A `pusher:error` frame; `code` is null for errors that carry no Pusher error code. */
export function errorFrame(code: number | null, message: string): OutgoingFrame {
  return { event: 'pusher:error', data: { code, message } };
}

/** True for `private-` channels (including `private-encrypted-`). */
export function isPrivateChannel(channel: string): boolean {
  return channel.startsWith('private-');
}

/** True for `presence-` channels. */
export function isPresenceChannel(channel: string): boolean {
  return channel.startsWith('presence-');
}

/** True for end-to-end encrypted channels, on which Pusher rejects client events. */
export function isEncryptedChannel(channel: string): boolean {
  return channel.startsWith('private-encrypted-');
}

/** Short human-readable summary of the first zod issue, for error messages. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid input';
  const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${path}${issue.message}`;
}

/** Byte length of a string as UTF-8, which is what Pusher's size limits count. */
export function utf8Bytes(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}
