import { z } from 'zod';

// The live request log of the Server Logs page (docs/SCREENS.md 'Screens', Server Logs):
// the API publishes each answered request on the private server channel, event 'requests'.

/** The event of SERVER_CHANNEL that carries answered requests. */
export const SERVER_LOG_EVENT = 'requests';

/** Deployment environments; the page shows prod unless told otherwise. */
export const LOG_ENVIRONMENTS = ['dev', 'prod', 'test'] as const;
export type LogEnvironment = (typeof LOG_ENVIRONMENTS)[number];
export const DEFAULT_LOG_ENVIRONMENT: LogEnvironment = 'prod';

/**
 * Where a request came from: a gateway (the ingest and every gateway-authenticated call),
 * an AWS service (a request signed with AWS Signature V4, or an SNS delivery), or a browser (the
 * console, and anything else).
 */
export const REQUEST_SOURCES = ['AWS', 'Gateway', 'Browsers'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

/** What an ingest batch holds. */
export const LOG_EVENTS = ['Location', 'Check In / Out', 'Dispense Events', 'Heart Bits'] as const;
export type LogEvent = (typeof LOG_EVENTS)[number];

/** What the log keeps of a request's text parts (body, query), in characters. */
export const LOG_BODY_CHARS = 2048;
export const LOG_QUERY_CHARS = 1024;
/** What replaces a secret: a password, token, code, or a header outside the allow-list. */
export const REDACTED = '[redacted]';

export const serverLogEntrySchema = z.object({
  /** Unique per server process and request. */
  id: z.string(),
  /** When the request arrived (ISO 8601). */
  at: z.string(),
  /** From arrival to the answer, in milliseconds. */
  durationMs: z.number(),
  env: z.enum(LOG_ENVIRONMENTS),
  /** The User-Agent, or null. */
  ua: z.string().nullable(),
  method: z.string(),
  /** The path without the query string. */
  path: z.string(),
  /** The query as JSON text, secrets redacted and cut at LOG_QUERY_CHARS; null without one. */
  query: z.string().nullable(),
  /** The body as JSON text, secrets redacted and cut at LOG_BODY_CHARS; null without one. */
  body: z.string().nullable(),
  status: z.number().int(),
  /** What went wrong, for an answer of 400 or more; null otherwise. */
  error: z.string().nullable(),
  /** The request's content type (e.g. 'application/json'), or null. */
  type: z.string().nullable(),
  /** The request's headers: those of the allow-list as sent, every other one as REDACTED. */
  headers: z.record(z.string(), z.string()),
  source: z.enum(REQUEST_SOURCES),
  /** For an ingest batch, the kinds of events it holds; empty otherwise. */
  events: z.array(z.enum(LOG_EVENTS)),
  /** The locations the request names (groupId, groupIds) or the calling gateway's location. */
  groupIds: z.array(z.number().int()),
  /** The signed-in caller's user id, or null. */
  userId: z.number().int().nullable(),
});
export type ServerLogEntry = z.infer<typeof serverLogEntrySchema>;

/** The data of one 'requests' event: a few entries, oldest first. */
export const serverLogBatchSchema = z.object({
  entries: z.array(serverLogEntrySchema),
  /** Entries the server could not publish since its previous event (too many at once, or the channel failed). */
  dropped: z.number().int().min(0),
});
export type ServerLogBatch = z.infer<typeof serverLogBatchSchema>;
