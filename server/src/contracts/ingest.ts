import { z } from 'zod';
import { washTypeSchema } from './devices';
import { bodyObject, dateTimeField, idField, macField, textField } from './fields';

// POST /api/ingest/events: what a gateway sends. Devices are named by MAC, as gateways know them;
// the server resolves each to its device, the wearer at the event's time, and the location.

/** The most events one batch may carry. */
export const INGEST_MAX_BATCH = 5000;

/** The most a wristband counts between two reports (a week in a drawer still stays far below). */
const MAX_COUNTER = 1_000_000;

const base = {
  /** Unique per event, chosen by the sender; a replayed id is ignored. */
  id: textField(64, { min: 1, minMessage: 'is required' }),
  /** When it happened (ISO 8601 with offset), from 2000 to a year ahead. */
  at: dateTimeField,
};

const enterLeave = z.enum(['enter', 'leave']);

export const ingestEventSchema = z.discriminatedUnion('type', [
  /** A wearable entering or leaving the room a ROOM beacon marks. */
  z.object({ ...base, type: z.literal('presence'), wearable: macField, beacon: macField, action: enterLeave }),
  /** A wearable coming near a BED beacon or leaving it. */
  z.object({ ...base, type: z.literal('bed'), wearable: macField, beacon: macField, action: enterLeave }),
  /** A dispenser activation, credited to the wearable the dispenser saw, if any. */
  z.object({
    ...base,
    type: z.literal('dispense'),
    dispenser: macField,
    wearable: macField.optional(),
    durationS: z.number().min(0).max(600).optional(),
  }),
  /** A wash the wristband itself detected. */
  z.object({
    ...base,
    type: z.literal('wash'),
    wearable: macField,
    washType: washTypeSchema,
    durationS: z.number().min(0).max(600).optional(),
  }),
  /** A reminder the wristband gave in a REMINDER zone. */
  z.object({ ...base, type: z.literal('reminder'), wearable: macField, zoneId: idField }),
  /** A device heartbeat, with its battery when it reports one. */
  z.object({
    ...base,
    type: z.literal('heartbeat'),
    device: macField,
    batteryPercent: z.number().int().min(0).max(100).optional(),
    batteryMv: z.number().int().min(0).max(10_000).optional(),
  }),
  /** A wearable taken out of (check-out) or put back into (check-in) a station slot of this gateway. */
  z.object({
    ...base,
    type: z.literal('station'),
    wearable: macField,
    action: z.enum(['check-out', 'check-in']),
    slot: z.number().int().min(1).max(16).optional(),
  }),
  /** A wristband's counters since its last report. */
  z.object({
    ...base,
    type: z.literal('counters'),
    device: macField,
    steps: z.number().int().min(0).max(MAX_COUNTER).optional(),
    distanceM: z.number().min(0).max(MAX_COUNTER).optional(),
    calories: z.number().min(0).max(MAX_COUNTER).optional(),
  }),
]);
export type IngestEvent = z.infer<typeof ingestEventSchema>;
export type IngestEventType = IngestEvent['type'];

/** The body is checked event by event by the server, so the error can name the first bad one. */
export const ingestBatchSchema = bodyObject({
  events: z.array(z.unknown()).min(1, 'events must not be empty').max(INGEST_MAX_BATCH, `at most ${INGEST_MAX_BATCH} events`),
});

/**
 * `?derive=deferred`: answer as soon as the batch is stored and recompute the report tables right
 * after, with other batches' (a gateway sending a backlog); the reports then lag the answer by
 * at most a few seconds of derivation. Without it (`now`) the answer waits for the report tables.
 */
export const ingestQuerySchema = z.object({ derive: z.enum(['now', 'deferred']).optional() });

export const ingestResponseSchema = z.object({
  /** Events stored by this call. */
  accepted: z.number().int(),
  /** Events whose id was already stored (a replay): ignored. */
  duplicates: z.number().int(),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;
