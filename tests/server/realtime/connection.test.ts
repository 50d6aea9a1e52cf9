import type Pusher from 'pusher-js';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { APP, cleanup, connectClient, createClient, nextEvent, record, startTestServer, subscribe, type TestServer } from './helpers';

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A bare WebSocket client, for what pusher-js would never send or would answer by itself. */
async function openRaw(port: number, path = `/app/${APP.key}?protocol=7&client=js&version=8.6.0&flash=false`) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const frames: Frame[] = [];
  const waiters: ((frame: Frame) => void)[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const next = () =>
    new Promise<Frame>((resolve, reject) => {
      const queued = frames.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error('no frame')), 1500);
      waiters.push((frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
    });
  return { ws, next, closed };
}

describe('Pusher server: connections', () => {
  let t: TestServer | undefined;
  let clients: Pusher[] = [];

  afterEach(async () => {
    await cleanup(t?.server, clients);
    t = undefined;
    clients = [];
  });

  it('sends connection_established with a socket id and the activity timeout', async () => {
    t = await startTestServer();
    const raw = await openRaw(t.port);
    const established = await raw.next();
    expect(established.event).toBe('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    expect(JSON.parse(established.data as string)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    raw.ws.close();
  });

  it('refuses an unknown app key with error 4001', async () => {
    t = await startTestServer();
    const client = createClient(t.port, { key: 'unknown-key' });
    clients.push(client);
    const error = nextEvent(client.connection, 'error');
    expect((await error).data).toMatchObject({ type: 'WebSocketError', error: { type: 'PusherError', data: { code: 4001 } } });
    expect(client.connection.state).not.toBe('connected');

    const raw = await openRaw(t.port, '/app/unknown-key?protocol=7');
    expect(await raw.next()).toEqual({ event: 'pusher:error', data: { code: 4001, message: 'App key unknown-key does not exist' } });
    expect((await raw.closed).code).toBe(4001);
  });

  it('closes connections on a wrong path or protocol version', async () => {
    t = await startTestServer();
    const wrongPath = await openRaw(t.port, '/socket?protocol=7');
    expect((await wrongPath.closed).code).toBe(4005);
    const noProtocol = await openRaw(t.port, `/app/${APP.key}`);
    expect((await noProtocol.closed).code).toBe(4008);
    const oldProtocol = await openRaw(t.port, `/app/${APP.key}?protocol=2`);
    expect((await oldProtocol.closed).code).toBe(4007);
  });

  it('answers malformed frames with pusher:error and keeps the connection', async () => {
    t = await startTestServer();
    const raw = await openRaw(t.port);
    await raw.next();
    raw.ws.send('{not json');
    expect(await raw.next()).toEqual({ event: 'pusher:error', data: { code: null, message: 'Invalid JSON' } });
    raw.ws.send(JSON.stringify({ data: {} }));
    expect(await raw.next()).toMatchObject({ event: 'pusher:error', data: { message: expect.stringContaining('Invalid frame') } });
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } }));
    expect(await raw.next()).toMatchObject({ event: 'pusher:error', data: { message: expect.stringContaining('pusher:subscribe') } });
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: 'null' }));
    expect(await raw.next()).toMatchObject({ event: 'pusher:error' });
    raw.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    expect(await raw.next()).toEqual({ event: 'pusher:pong', data: {} });
    raw.ws.close();
  });

  it('excludes the socket_id given to trigger', async () => {
    t = await startTestServer();
    const [alice, bob] = await Promise.all([connectClient(t.port), connectClient(t.port)]);
    clients.push(alice, bob);
    const aliceChannel = await subscribe(alice, 'private-ward');
    const bobChannel = await subscribe(bob, 'private-ward');
    const aliceSaw = record(aliceChannel, 'saved');
    const bobGets = nextEvent(bobChannel, 'saved');

    await t.sdk.trigger('private-ward', 'saved', { by: 'alice' }, { socket_id: alice.connection.socket_id });

    expect((await bobGets).data).toEqual({ by: 'alice' });
    const sentinel = nextEvent(aliceChannel, 'sentinel');
    await t.sdk.trigger('private-ward', 'sentinel', {});
    await sentinel;
    expect(aliceSaw).toEqual([]);
  });

  it('keeps a pusher-js connection alive through ping/pong past the activity timeout', async () => {
    t = await startTestServer(0.2);
    // A short pong timeout makes pusher-js reconnect (new socket id) if the server ever fails to answer a ping.
    const client = await connectClient(t.port, { pongTimeout: 250 });
    clients.push(client);
    const socketId = client.connection.socket_id;
    const keepalive = record<Frame>(client.connection, 'message');
    const channel = await subscribe(client, 'lobby');

    // Silent connections are dropped after activity + pong timeout (0.4 s here); see the next test.
    await new Promise((resolve) => setTimeout(resolve, 900));

    expect(keepalive.filter((f) => f.event === 'pusher:ping' || f.event === 'pusher:pong').length).toBeGreaterThan(0);
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toBe(socketId);
    const delivered = nextEvent(channel, 'still-here');
    await t.sdk.trigger('lobby', 'still-here', { ok: 1 });
    expect((await delivered).data).toEqual({ ok: 1 });
  });

  it('pings a silent connection and closes it with 4201 when no pong comes back', async () => {
    t = await startTestServer(0.2);
    const silent = await openRaw(t.port);
    expect((await silent.next()).event).toBe('pusher:connection_established');
    const startedAt = Date.now();
    expect(await silent.next()).toEqual({ event: 'pusher:ping', data: {} });
    expect(await silent.closed).toEqual({ code: 4201, reason: 'Pong reply not received' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(150);
  });
});
