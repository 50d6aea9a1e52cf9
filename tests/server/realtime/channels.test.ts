import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, connectClient, nextEvent, record, startTestServer, subscribe, type TestServer } from './helpers';

describe('Pusher server: subscriptions and server-triggered events', () => {
  let t: TestServer;
  let clients: Pusher[];

  beforeEach(async () => {
    t = await startTestServer();
    clients = [];
  });
  afterEach(() => cleanup(t.server, clients));

  it('delivers an SDK-triggered event to a pusher-js client on a private channel', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    const channel = await subscribe(client, 'private-ward-7');
    const received = nextEvent(channel, 'hand-hygiene.recorded');

    await t.sdk.trigger('private-ward-7', 'hand-hygiene.recorded', { observationId: 42, compliant: true });

    expect((await received).data).toEqual({ observationId: 42, compliant: true });
  });

  it('delivers an SDK-triggered event to a public channel and to every listed channel', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    const lobby = await subscribe(client, 'lobby');
    const other = await subscribe(client, 'private-other');
    const onLobby = nextEvent(lobby, 'announcement');
    const onOther = nextEvent(other, 'announcement');

    await t.sdk.trigger(['lobby', 'private-other'], 'announcement', 'plain string payload');

    expect((await onLobby).data).toBe('plain string payload');
    expect((await onOther).data).toBe('plain string payload');
  });

  it('refuses a subscription signed with the wrong secret and sends it no events', async () => {
    const forger = await connectClient(t.port, { forge: true });
    clients.push(forger);
    const refusal = subscribe(forger, 'private-secret-ward').then(
      () => undefined,
      (error: { payload: unknown }) => error.payload,
    );
    expect(await refusal).toMatchObject({ type: 'AuthError', status: 401, error: expect.stringContaining('Invalid signature') });

    const leaked = record(forger.channel('private-secret-ward'), 'alert');
    const sentinel = await subscribe(forger, 'sentinel');
    const sentinelEvent = nextEvent(sentinel, 'done');
    await t.sdk.trigger('private-secret-ward', 'alert', { secret: true });
    await t.sdk.trigger('sentinel', 'done', {});

    // Frames arrive in order on one socket, so once the sentinel is here the alert would have been too.
    await sentinelEvent;
    expect(leaked).toEqual([]);
    expect(forger.channel('private-secret-ward').subscribed).toBe(false);
    const info = await t.sdk.get({ path: '/channels/private-secret-ward', params: { info: 'subscription_count' } });
    expect(await info.json()).toEqual({ occupied: false, subscription_count: 0 });
  });

  it('refuses an unsigned subscription and one whose signature belongs to another socket', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    const frames = record<{ event: string; channel?: string; data?: unknown }>(client.connection, 'message');
    client.send_event('pusher:subscribe', { channel: 'private-x', auth: '' });
    client.send_event('pusher:subscribe', { channel: 'private-y', auth: t.sdk.authorizeChannel('1.1', 'private-y').auth });
    const sentinel = await subscribe(client, 'sentinel');
    const done = nextEvent(sentinel, 'done');
    await t.sdk.trigger(['private-x', 'private-y'], 'leak', {});
    await t.sdk.trigger('sentinel', 'done', {});
    await done;

    const refusedChannels = frames.filter((f) => f.event === 'pusher:subscription_error').map((f) => f.channel);
    expect(refusedChannels).toEqual(['private-x', 'private-y']);
    expect(frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').map((f) => f.channel)).toEqual(['sentinel']);
    expect(frames.some((f) => f.event === 'leak')).toBe(false);
    expect(frames).toContainEqual({ event: 'pusher:error', data: { code: null, message: expect.stringContaining('Invalid signature') } });
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    const channel = await subscribe(client, 'private-ward-1');
    const seen = record(channel, 'update');
    const sentinel = await subscribe(client, 'sentinel');
    client.unsubscribe('private-ward-1');
    const done = nextEvent(sentinel, 'done');

    await t.sdk.trigger('private-ward-1', 'update', { n: 1 });
    await t.sdk.trigger('sentinel', 'done', {});

    await done;
    expect(seen).toEqual([]);
  });
});
