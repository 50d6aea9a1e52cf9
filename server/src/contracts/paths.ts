import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, clientIdField, idField, idParam } from './fields';

// The Path Builder's calls (docs/SCREENS.md 'Path Builder'): the walking paths of a location's
// floor plan, each a straight segment between two points in floor-plan pixels. Adding names the
// path with an id the drawing device chose, so an add replayed from the outbox, or repeated,
// finds the path it made instead of drawing it twice; removing names either id, so a path added
// offline can be removed before the device knows the server's id.

/** The largest floor-plan coordinate accepted (pixels): far beyond any plan image. */
export const MAX_PLAN_COORDINATE = 100_000;
/** Paths a location may hold. */
export const MAX_PATHS_PER_LOCATION = 5_000;
export const PATH_LIMIT_MESSAGE = `A location may have at most ${MAX_PATHS_PER_LOCATION.toLocaleString('en-US')} paths`;
export const PATH_POINTS_MESSAGE = 'A path needs two different points';
export const PATH_NOT_FOUND = 'Path not found';

const coordinate = z
  .number('must be a number')
  .min(0, 'must be on the floor plan (0 or more)')
  .max(MAX_PLAN_COORDINATE, `must be at most ${MAX_PLAN_COORDINATE}`);
export const planPointSchema = bodyObject({ x: coordinate, y: coordinate });
export type PlanPoint = z.infer<typeof planPointSchema>;

/** An id the drawing device gives a path (a UUID). */
export const pathClientIdField = clientIdField;

export const pathSchema = z.object({
  id: z.number().int(),
  /** The id the drawing device gave it, if it gave one. */
  clientId: z.string().nullable(),
  origin: z.object({ x: z.number(), y: z.number() }),
  destination: z.object({ x: z.number(), y: z.number() }),
});
export type Path = z.infer<typeof pathSchema>;

export const pathsQuerySchema = z.object({ groupId: idParam });
export const groupPathParamsSchema = z.object({ groupId: idParam });

export const addPathBodySchema = bodyObject({
  clientId: pathClientIdField,
  origin: planPointSchema,
  destination: planPointSchema,
}).refine((p) => p.origin.x !== p.destination.x || p.origin.y !== p.destination.y, { message: PATH_POINTS_MESSAGE, path: ['destination'] });
export type AddPathBody = z.input<typeof addPathBodySchema>;

/** Names the path by the server's id or by the id its drawing device gave it. */
export const removePathBodySchema = z.union([bodyObject({ id: idField }), bodyObject({ clientId: pathClientIdField })], {
  error: 'send the path as {"id": …} or {"clientId": …}',
});
export type RemovePathBody = z.input<typeof removePathBodySchema>;
/** `removed` is false when the path was already gone: the location looks as the caller meant either way. */
export const removePathResponseSchema = z.object({ removed: z.boolean() });

export const pathEndpoints = {
  list: endpoint({ method: 'GET', path: '/devices/paths', query: pathsQuerySchema, response: z.array(pathSchema) }),
  add: endpoint({ method: 'POST', path: '/groups/:groupId/add-path', params: groupPathParamsSchema, body: addPathBodySchema, response: pathSchema, status: 201 }),
  remove: endpoint({
    method: 'DELETE',
    path: '/groups/:groupId/remove-path',
    params: groupPathParamsSchema,
    body: removePathBodySchema,
    response: removePathResponseSchema,
  }),
};
