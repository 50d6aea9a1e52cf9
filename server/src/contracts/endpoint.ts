import type { z } from 'zod';

// An endpoint described once: its method, path and the schemas of its parameters, query, body and
// answer. The server registers its route from the description (`routeOf` in core/route-of.ts)
// and the client calls it through the same description (`ApiClient.call` in src/lib/api-client.ts),
// so a path cannot be paired with the wrong schema on either side.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  method: HttpMethod;
  /** The path under the API's root, with `:name` for each path parameter. */
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema. */
  response: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201;
}

/** Describes an endpoint, keeping every literal and schema type. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** The keys of T that may be left out: those whose value may be undefined (a query field read from text takes unknown). */
export type OmittableKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];
/** A query as a caller writes it: the fields the schema fills or does without are optional. */
type QueryInput<T> = T extends object ? Omit<T, OmittableKeys<T>> & Partial<Pick<T, OmittableKeys<T>>> : T;

/** What a caller passes: path parameters, query and body, as their schemas take them. */
export type EndpointInput<E extends EndpointSpec> = (E['params'] extends z.ZodType ? { params: z.input<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: QueryInput<z.input<E['query']>> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined });

/** The answer as the response schema gives it. */
export type EndpointOutput<E extends EndpointSpec> = z.output<E['response']>;

/** The path with its `:name` parameters filled in (each encoded). */
export function endpointPath(spec: Pick<EndpointSpec, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  return spec.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${spec.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
