import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, countParam, idField, idParam, textBlock, textField } from './fields';

// Crashes of the app in a browser (the crash screen's "Our team has been notified"): a failed
// render, a failed route and a promise nobody handled are posted here, stored, and read by the
// provider's employees on the Server Logs page beside the live request log (docs/SCREENS.md).

/** What failed: a render (the app's error boundary), a route (the router's error component), or an unhandled rejection. */
export const CLIENT_ERROR_KINDS = ['render', 'route', 'rejection'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The longest of each field, in characters: the app cuts what it sends to these, the server refuses more. */
export const CLIENT_ERROR_LIMITS = {
  release: 100,
  /** The page's path (no query string: a search may hold a name). */
  route: 300,
  message: 1_000,
  stack: 8_000,
} as const;

/**
 * The largest body, in bytes: every field at its limit, even in three-byte characters, fits; a
 * larger body is refused with 413 before it is read.
 */
export const CLIENT_ERROR_BODY_BYTES = 32_768;

/** How many the Server Logs page asks for at a time, and the most one request may ask for. */
export const CLIENT_ERRORS_TAKE = 20;
export const CLIENT_ERRORS_MAX_TAKE = 100;

/** How many the server keeps: posting one more removes the oldest. */
export const CLIENT_ERRORS_KEPT = 10_000;

/**
 * POST /client-errors and /client-errors/anonymous: one crash. `userId` is the signed-in user's id
 * (null before sign-in); the server records the id its token proves, never the body's.
 */
export const clientErrorBodySchema = bodyObject({
  kind: z.enum(CLIENT_ERROR_KINDS),
  /** The build that crashed (the app's version and commit). */
  release: textField(CLIENT_ERROR_LIMITS.release, { min: 1 }),
  route: textField(CLIENT_ERROR_LIMITS.route),
  message: textBlock(CLIENT_ERROR_LIMITS.message, { min: 1 }),
  /** The error's stack, with the component stack of a failed render; null when the browser gave none. */
  stack: textBlock(CLIENT_ERROR_LIMITS.stack).nullable(),
  userId: idField.nullable(),
});
export type ClientErrorBody = z.input<typeof clientErrorBodySchema>;

export const clientErrorPostedSchema = z.object({ received: z.literal(true) });

/** GET /client-errors: newest first, paged by the last id of the previous page. */
export const clientErrorsQuerySchema = z.object({
  take: countParam(1, CLIENT_ERRORS_MAX_TAKE).default(CLIENT_ERRORS_TAKE),
  startingAfter: idParam.optional(),
});
export type ClientErrorsQuery = z.input<typeof clientErrorsQuerySchema>;

export const clientErrorSchema = z.object({
  id: z.number().int(),
  /** When the server received it (ISO 8601). */
  at: z.iso.datetime(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  release: z.string(),
  route: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  /** The signed-in user who met it; null for a crash posted before sign-in. */
  userId: z.number().int().nullable(),
  /** The browser's User-Agent, as the server received it (cut at 300 characters). */
  userAgent: z.string().nullable(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

export const clientErrorsResponseSchema = z.object({ data: z.array(clientErrorSchema), hasMore: z.boolean() });
export type ClientErrorsResponse = z.infer<typeof clientErrorsResponseSchema>;

/** The crash reports: posted by the app (signed in, or not yet), read on the Server Logs page. */
export const clientErrorEndpoints = {
  post: endpoint({ method: 'POST', path: '/client-errors', body: clientErrorBodySchema, response: clientErrorPostedSchema, status: 201 }),
  postAnonymous: endpoint({ method: 'POST', path: '/client-errors/anonymous', body: clientErrorBodySchema, response: clientErrorPostedSchema, status: 201 }),
  list: endpoint({ method: 'GET', path: '/client-errors', query: clientErrorsQuerySchema, response: clientErrorsResponseSchema }),
};
