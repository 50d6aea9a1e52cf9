import type { z } from 'zod';
import type { EndpointSpec } from '../contracts/endpoint';

type Has<E, K extends keyof EndpointSpec> = E extends { [P in K]: z.ZodType } ? true : false;

/** The Fastify schema of an endpoint: its parameters, query, body and the answer of its success status. */
export type SchemaOf<E extends EndpointSpec> = (Has<E, 'params'> extends true ? { params: NonNullable<E['params']> } : unknown) &
  (Has<E, 'query'> extends true ? { querystring: NonNullable<E['query']> } : unknown) &
  (Has<E, 'body'> extends true ? { body: NonNullable<E['body']> } : unknown) & {
    response: { [S in E['status'] extends 201 ? 201 : 200]: E['response'] };
  };

/**
 * A route's method, URL and schema from its endpoint description (contracts/endpoint.ts): spread
 * into `app.route({ ...routeOf(endpoint), config, handler })`, so the route serves exactly the
 * path and schemas the client calls.
 */
export function routeOf<E extends EndpointSpec>(spec: E): { method: E['method']; url: E['path']; schema: SchemaOf<E> } {
  const schema: Record<string, unknown> = { response: { [spec.status ?? 200]: spec.response } };
  if (spec.params) schema.params = spec.params;
  if (spec.query) schema.querystring = spec.query;
  if (spec.body) schema.body = spec.body;
  return { method: spec.method, url: spec.path, schema: schema as SchemaOf<E> };
}
