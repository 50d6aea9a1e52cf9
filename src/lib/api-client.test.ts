import { endpoint } from '@contracts/endpoint';
import { meResponseSchema } from '@contracts/users';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

const auth = vi.hoisted(() => ({
  getIdToken: vi.fn(async (): Promise<string | null> => 'id-token'),
  getAccessToken: vi.fn(async (): Promise<string | null> => 'access-token'),
  signOut: vi.fn(async () => {}),
}));
vi.mock('./auth', () => auth);

import { ApiError, ConnectionError, createApiClient, errorMessageOf, mainApi, v2Api } from './api-client';
import { setConfig } from './config';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(fetchImpl: typeof fetch, onUnauthorized = vi.fn()) {
  return {
    onUnauthorized,
    api: createApiClient({ baseUrl: () => '/api', authorize: async () => ({ Authorization: 't' }), onUnauthorized, fetchImpl }),
  };
}

describe('api client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a failed request exactly once, 1 ms later', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(json(500, { message: 'boom' })).mockResolvedValueOnce(json(200, { ok: true }));
    const { api } = client(fetchImpl);
    const pending = api.get('/thing');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure, with the server message', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => json(503, { statusCode: 503, error: 'Service Unavailable', message: 'Try later' }));
    const { api } = client(fetchImpl);
    const pending = api.get('/thing');
    const assertion = expect(pending).rejects.toMatchObject({ status: 503, message: 'Try later' });
    await vi.advanceTimersByTimeAsync(5);
    await assertion;
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('retries network failures too', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, [1]));
    const { api } = client(fetchImpl);
    const pending = api.get('/thing');
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual([1]);
  });

  it('says in words that the server could not be reached, after the retry', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const { api } = client(fetchImpl);
    const pending = api.get('/thing');
    const assertion = expect(pending).rejects.toMatchObject({ name: 'ConnectionError', message: 'The server could not be reached.' });
    await vi.advanceTimersByTimeAsync(5);
    await assertion;
    await expect(pending).rejects.toBeInstanceOf(ConnectionError);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('signs out on 401 without retrying', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(json(401, { statusCode: 401, error: 'Unauthorized', message: 'Bad token' }));
    const { api, onUnauthorized } = client(fetchImpl);
    const pending = api.get('/thing');
    const assertion = expect(pending).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(5);
    await assertion;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('builds the URL with the query and sends JSON bodies', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => json(200, {}));
    const { api } = client(fetchImpl);
    await api.get('/users/username', { query: { username: 'a b@x.io', skip: undefined, ids: [1, 2] } });
    await api.post('/pusher/auth', { socket_id: '1.2' });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/users/username?username=a+b%40x.io&ids=1&ids=2');
    const [, init] = fetchImpl.mock.calls[1] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"socket_id":"1.2"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 't' });
  });
});

describe('errorMessageOf', () => {
  it('prefers message, then error, then the first of errors', () => {
    expect(errorMessageOf({ message: 'm', error: 'e' }, 'f')).toBe('m');
    expect(errorMessageOf({ error: 'e' }, 'f')).toBe('e');
    expect(errorMessageOf({ errors: [{ message: 'first' }, { message: 'second' }] }, 'f')).toBe('first');
    expect(errorMessageOf({ errors: ['plain'] }, 'f')).toBe('plain');
    expect(errorMessageOf('nope', 'f')).toBe('f');
  });
});

describe('the two API clients', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
    auth.signOut.mockClear();
  });

  it('sends the raw id token to the main API', async () => {
    fetchSpy.mockResolvedValue(json(200, { userName: 'x' }));
    await mainApi.get('/users/username', { query: { username: 'x' } });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/username?username=x');
    expect(init?.headers).toMatchObject({ Authorization: 'id-token' });
  });

  it('sends Bearer access token and Version 2 to the newer API', async () => {
    fetchSpy.mockResolvedValue(json(200, { id: 1, userName: 'x', role: { id: 1, name: 'r', description: null, owner: null, organizationId: null, permissions: [] } }));
    await v2Api.get('/users/me', { schema: meResponseSchema });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/users/me');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer access-token', Version: '2' });
  });

  it('signs the user out when the server answers 401', async () => {
    fetchSpy.mockImplementation(async () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }));
    await expect(mainApi.get('/bootstrap')).rejects.toMatchObject({ status: 401 });
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out without calling the server when there is no token', async () => {
    auth.getIdToken.mockResolvedValueOnce(null);
    await expect(mainApi.get('/bootstrap')).rejects.toMatchObject({ status: 401 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('calling a described endpoint', () => {
  const rename = endpoint({
    method: 'PATCH',
    path: '/things/:id/name',
    params: z.object({ id: z.number() }),
    body: z.object({ name: z.string() }),
    response: z.object({ id: z.number(), name: z.string() }),
  });

  it('sends its method to its path with the parameters filled in, and the body as JSON', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(json(200, { id: 7, name: 'Ward A' }));
    const { api } = client(fetchImpl);
    await expect(api.call(rename, { params: { id: 7 }, body: { name: 'Ward A' }, headers: { 'Idempotency-Key': 'k' } })).resolves.toEqual({
      id: 7,
      name: 'Ward A',
    });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/things/7/name');
    expect(init).toMatchObject({ method: 'PATCH', body: JSON.stringify({ name: 'Ward A' }), headers: { 'Idempotency-Key': 'k' } });
  });

  it('checks the answer against the endpoint’s response schema', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(json(200, { id: 7 }));
    const { api } = client(fetchImpl);
    await expect(api.call(rename, { params: { id: 7 }, body: { name: 'Ward A' } })).rejects.toBeInstanceOf(z.ZodError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
