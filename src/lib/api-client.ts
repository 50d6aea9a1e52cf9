import { z } from 'zod';
import { endpointPath, type EndpointInput, type EndpointOutput, type EndpointSpec } from '@contracts/endpoint';
import { ACCOUNT_INACTIVE_MESSAGE } from '@contracts/session';
import { getConfig } from './config';
import { getAccessToken, getIdToken, signOut } from './auth';

/** A failed API call; `message` is what the server said (message, error, or the first of errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server could not be reached (no network, or the server is down): nothing was answered. */
export class ConnectionError extends Error {
  constructor(cause?: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'ConnectionError';
  }
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** One request: path under the client's base URL, optional query, JSON body and answer schema. */
export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Contract schema the answer is validated against. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** How a client finds its base URL and credentials, and what it does on 401. */
export interface ApiClientOptions {
  baseUrl: () => string;
  /** Authorization headers for one attempt, or null when there is no session. */
  authorize: () => Promise<Record<string, string> | null>;
  /** Called once when the server answers 401 (with its message) or there is no token at all. */
  onUnauthorized: (message?: string) => void | Promise<void>;
  fetchImpl?: typeof fetch;
  retryDelayMs?: number;
}

/** What a call of a described endpoint passes besides its input. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A JSON client for one API host. */
export interface ApiClient {
  /** Calls an endpoint of the contracts (contracts/endpoint.ts): its method and path, its answer checked by its schema. */
  call<E extends EndpointSpec>(spec: E, input: EndpointInput<E> & CallOptions): Promise<EndpointOutput<E>>;
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
}

/** The spec's rule: every failed request is retried once, 1 ms later. */
export const RETRY_DELAY_MS = 1;

/** Picks the human message of an error answer: message, else error, else the first of errors. */
export function errorMessageOf(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const { message, error, errors } = body as { message?: unknown; error?: unknown; errors?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    if (typeof first === 'string') return first;
    if (typeof first === 'object' && first !== null && typeof (first as { message?: unknown }).message === 'string') {
      return (first as { message: string }).message;
    }
  }
  return fallback;
}

function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Builds a JSON API client with the spec's retry-once and sign-out-on-401 rules. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;

  async function attempt<T>(path: string, request: RequestOptions<T>): Promise<T> {
    const auth = await options.authorize();
    if (!auth) {
      await options.onUnauthorized();
      throw new ApiError(401, 'You are signed out.', undefined);
    }
    const hasBody = request.body !== undefined;
    // A form (a file upload) goes as multipart: the browser writes its Content-Type with the boundary.
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    let response: Response;
    try {
      response = await (options.fetchImpl ?? fetch)(buildUrl(options.baseUrl(), path, request.query), {
        method: request.method ?? 'GET',
        headers: {
          Accept: 'application/json',
          ...(hasBody && !isForm ? { 'Content-Type': 'application/json' } : {}),
          ...auth,
          ...request.headers,
        },
        body: isForm ? (request.body as FormData) : hasBody ? JSON.stringify(request.body) : undefined,
        signal: request.signal,
      });
    } catch (error) {
      // fetch rejects only when no answer came: cut off, offline, or stopped on purpose.
      if (request.signal?.aborted) throw error;
      throw new ConnectionError(error);
    }
    const body = await readBody(response);
    if (response.status === 401) {
      const message = errorMessageOf(body, 'Your session has ended.');
      await options.onUnauthorized(message);
      throw new ApiError(401, message, body);
    }
    if (!response.ok) {
      throw new ApiError(response.status, errorMessageOf(body, `Request failed (HTTP ${response.status}).`), body);
    }
    return request.schema ? request.schema.parse(body) : (body as T);
  }

  async function request<T>(path: string, request: RequestOptions<T> = {}): Promise<T> {
    try {
      return await attempt(path, request);
    } catch (error) {
      // A 401 will not get better by asking again, an answer that breaks the contract will not
      // either, and an aborted call was meant to stop.
      if (error instanceof ApiError && error.status === 401) throw error;
      if (error instanceof z.ZodError || request.signal?.aborted) throw error;
      await sleep(retryDelayMs);
    }
    return attempt(path, request);
  }

  return {
    call: (spec, input) =>
      request(endpointPath(spec, input.params as Record<string, string | number> | undefined), {
        method: spec.method,
        query: input.query as Record<string, QueryValue> | undefined,
        body: input.body,
        headers: input.headers,
        signal: input.signal,
        schema: spec.response as z.ZodType<EndpointOutput<typeof spec>>,
      }),
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
  };
}

let signingOut: Promise<void> | null = null;

// Parallel calls can all see the same 401; the user is signed out once. An account refused since
// it signed in (deactivated, site access revoked) is told why on the sign-in screen.
function signOutOnce(message?: string): Promise<void> {
  signingOut ??= signOut(message === ACCOUNT_INACTIVE_MESSAGE ? message : undefined).finally(() => {
    signingOut = null;
  });
  return signingOut;
}

/** The main API: Authorization is the raw id token. */
export const mainApi = createApiClient({
  baseUrl: () => getConfig().apiBaseUrl,
  authorize: async () => {
    const token = await getIdToken();
    return token ? { Authorization: token } : null;
  },
  onUnauthorized: signOutOnce,
});

/** The newer API: Bearer access token plus `Version: 2`. */
export const v2Api = createApiClient({
  baseUrl: () => getConfig().apiV2BaseUrl,
  authorize: async () => {
    const token = await getAccessToken();
    return token ? { Authorization: `Bearer ${token}`, Version: '2' } : null;
  },
  onUnauthorized: signOutOnce,
});
