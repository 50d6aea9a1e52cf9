import { createHash, createHmac } from 'node:crypto';
import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP, cleanup, connectClient, nextEvent, sdkFor, startTestServer, subscribe, type TestServer } from './helpers';

/** Signs a REST call independently of the SDK, so timestamp and body can be chosen freely. */
async function signedFetch(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  options: { timestamp?: number; secret?: string } = {},
): Promise<{ status: number; text: string }> {
  const params: Record<string, string> = {
    auth_key: APP.key,
    auth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
  };
  if (body !== undefined) params.body_md5 = createHash('md5').update(body).digest('hex');
  const query = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const signature = createHmac('sha256', options.secret ?? APP.secret).update(`${method}\n${path}\n${query}`).digest('hex');
  const response = await fetch(`http://127.0.0.1:${port}${path}?${query}&auth_signature=${signature}`, {
    method,
    ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: response.status, text: await response.text() };
}

describe('Pusher server: HTTP API', () => {
  let t: TestServer;
  let clients: Pusher[];
  const eventsPath = `/apps/${APP.id}/events`;

  beforeEach(async () => {
    t = await startTestServer();
    clients = [];
  });
  afterEach(() => cleanup(t.server, clients));

  it('answers {} with 200 to a valid trigger', async () => {
    const response = await t.sdk.trigger('lobby', 'ping', { a: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('rejects a wrong secret, an unknown key and an unknown app', async () => {
    const wrongSecret = sdkFor(t.port, { ...APP, secret: 'wrong-secret' }).trigger('lobby', 'e', {});
    await expect(wrongSecret).rejects.toMatchObject({ status: 401, body: expect.stringContaining('Invalid signature') });

    const wrongKey = sdkFor(t.port, { ...APP, key: 'other-key' }).trigger('lobby', 'e', {});
    await expect(wrongKey).rejects.toMatchObject({ status: 401, body: expect.stringContaining('Unknown auth_key') });

    const unknownApp = sdkFor(t.port, { ...APP, id: 'no-such-app' }).trigger('lobby', 'e', {});
    await expect(unknownApp).rejects.toMatchObject({ status: 404, body: expect.stringContaining('Unknown app ID') });
  });

  it('does not deliver events from a rejected request', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    const channel = await subscribe(client, 'private-ward');
    const seen: unknown[] = [];
    channel.bind('forged', (data: unknown) => seen.push(data));
    await expect(sdkFor(t.port, { ...APP, secret: 'wrong' }).trigger('private-ward', 'forged', {})).rejects.toMatchObject({ status: 401 });
    const done = nextEvent(channel, 'genuine');
    await t.sdk.trigger('private-ward', 'genuine', {});
    await done;
    expect(seen).toEqual([]);
  });

  it('rejects timestamps more than 600 s away, and accepts a fresh one signed the same way', async () => {
    const body = JSON.stringify({ name: 'e', data: '{}', channels: ['lobby'] });
    const stale = await signedFetch(t.port, 'POST', eventsPath, body, { timestamp: Math.floor(Date.now() / 1000) - 601 });
    expect(stale).toMatchObject({ status: 401, text: expect.stringContaining('Timestamp expired') });
    expect(await signedFetch(t.port, 'POST', eventsPath, body)).toEqual({ status: 200, text: '{}' });
  });

  it('rejects a body that does not match body_md5', async () => {
    const query = t.sdk.createSignedQueryString({ method: 'POST', path: eventsPath, body: '{"name":"e","data":"{}","channel":"lobby"}' });
    const response = await fetch(`http://127.0.0.1:${t.port}${eventsPath}?${query}`, {
      method: 'POST',
      body: '{"name":"e","data":"{}","channel":"private-tampered"}',
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('body_md5');
  });

  it('answers malformed bodies with 400 and a clear message', async () => {
    expect(await signedFetch(t.port, 'POST', eventsPath, 'not json')).toEqual({ status: 400, text: 'Request body is not valid JSON' });
    const noChannel = await signedFetch(t.port, 'POST', eventsPath, JSON.stringify({ name: 'e', data: '{}' }));
    expect(noChannel).toEqual({ status: 400, text: 'Invalid event: exactly one of "channels" or "channel" is required' });
    const objectData = await signedFetch(t.port, 'POST', eventsPath, JSON.stringify({ name: 'e', data: { a: 1 }, channel: 'lobby' }));
    expect(objectData).toMatchObject({ status: 400, text: expect.stringContaining('data must be a string') });
    const badChannel = await signedFetch(t.port, 'POST', eventsPath, JSON.stringify({ name: 'e', data: '{}', channel: 'bad channel!' }));
    expect(badChannel).toMatchObject({ status: 400, text: expect.stringContaining('channel') });
  });

  it('rejects event data over 10 KB with 413', async () => {
    await expect(t.sdk.trigger('lobby', 'big', 'x'.repeat(10 * 1024 + 1))).rejects.toMatchObject({
      status: 413,
      body: expect.stringContaining('Event data too large'),
    });
    expect((await t.sdk.trigger('lobby', 'big', 'x'.repeat(10 * 1024))).status).toBe(200);
  });

  it('delivers batch_events, each to its own channel', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    const ward1 = await subscribe(client, 'private-ward-1');
    const ward2 = await subscribe(client, 'ward-2');
    const first = nextEvent(ward1, 'count');
    const second = nextEvent(ward2, 'count');

    const response = await t.sdk.triggerBatch([
      { channel: 'private-ward-1', name: 'count', data: { n: 1 } },
      { channel: 'ward-2', name: 'count', data: { n: 2 } },
    ]);

    expect(await response.json()).toEqual({});
    expect((await first).data).toEqual({ n: 1 });
    expect((await second).data).toEqual({ n: 2 });
  });

  it('reports channel occupancy and presence users through GET endpoints', async () => {
    const client = await connectClient(t.port, { user: { user_id: 'nurse-1', user_info: { name: 'Ana' } } });
    clients.push(client);
    await subscribe(client, 'presence-ward-3');
    await subscribe(client, 'lobby');

    const list = await t.sdk.get({ path: '/channels' });
    expect(await list.json()).toEqual({ channels: { 'presence-ward-3': {}, lobby: {} } });
    const presence = await t.sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } });
    expect(await presence.json()).toEqual({ channels: { 'presence-ward-3': { user_count: 1 } } });
    const one = await t.sdk.get({ path: '/channels/presence-ward-3', params: { info: 'user_count,subscription_count' } });
    expect(await one.json()).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    const users = await t.sdk.get({ path: '/channels/presence-ward-3/users' });
    expect(await users.json()).toEqual({ users: [{ id: 'nurse-1' }] });
    await expect(t.sdk.get({ path: '/channels/lobby/users' })).rejects.toMatchObject({ status: 400 });
  });
});
