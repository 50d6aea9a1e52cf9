import { z } from 'zod';
import { channelAttributes, parseInfo } from './api-channels';
import { fail, ok, type ApiResult } from './api-result';
import { LIMITS, channelNameSchema, describeZodError, eventNameSchema, socketIdSchema, utf8Bytes } from './protocol';
import type { ChannelRegistry } from './registry';

// The SDK JSON-encodes non-string data itself, so anything else here is a malformed request.
const dataSchema = z.string({ error: 'data must be a string (JSON-encode objects before sending)' });

const triggerBodySchema = z
  .object({
    name: eventNameSchema,
    data: dataSchema,
    channels: z.array(channelNameSchema).min(1).max(LIMITS.channelsPerTrigger).optional(),
    channel: channelNameSchema.optional(),
    socket_id: socketIdSchema.optional(),
    info: z.string().optional(),
  })
  .refine((body) => (body.channels === undefined) !== (body.channel === undefined), {
    error: 'exactly one of "channels" or "channel" is required',
  });

const batchEventSchema = z.object({
  name: eventNameSchema,
  data: dataSchema,
  channel: channelNameSchema,
  socket_id: socketIdSchema.optional(),
  info: z.string().optional(),
});

const batchBodySchema = z.object({
  batch: z.array(batchEventSchema).min(1).max(LIMITS.eventsPerBatch),
});

/** POST /apps/{id}/events: publishes one event to up to 100 channels. */
export function triggerEvent(registry: ChannelRegistry, body: unknown): ApiResult {
  const parsed = triggerBodySchema.safeParse(body);
  if (!parsed.success) return fail(400, `Invalid event: ${describeZodError(parsed.error)}`);
  const event = parsed.data;
  const tooLarge = checkDataSize(event.data);
  if (tooLarge) return tooLarge;
  const channels = event.channels ?? (event.channel ? [event.channel] : []);
  for (const channel of channels) {
    registry.publish(channel, { event: event.name, channel, data: event.data }, event.socket_id);
  }
  if (event.info === undefined) return ok({});
  const info = parseInfo(event.info);
  return ok({ channels: Object.fromEntries(channels.map((channel) => [channel, channelAttributes(registry, channel, info)])) });
}

/** POST /apps/{id}/batch_events: publishes up to 10 events, each to one channel. */
export function triggerBatch(registry: ChannelRegistry, body: unknown): ApiResult {
  const parsed = batchBodySchema.safeParse(body);
  if (!parsed.success) return fail(400, `Invalid batch: ${describeZodError(parsed.error)}`);
  const { batch } = parsed.data;
  // Validate the whole batch before publishing anything, so a rejected batch has no partial effect.
  for (const event of batch) {
    const tooLarge = checkDataSize(event.data);
    if (tooLarge) return tooLarge;
  }
  for (const event of batch) {
    registry.publish(event.channel, { event: event.name, channel: event.channel, data: event.data }, event.socket_id);
  }
  if (batch.every((event) => event.info === undefined)) return ok({});
  return ok({ batch: batch.map((event) => channelAttributes(registry, event.channel, parseInfo(event.info))) });
}

function checkDataSize(data: string): ApiResult | undefined {
  const bytes = utf8Bytes(data);
  if (bytes <= LIMITS.eventDataBytes) return undefined;
  return fail(413, `Event data too large: ${bytes} bytes (the limit is ${LIMITS.eventDataBytes} bytes)`);
}
