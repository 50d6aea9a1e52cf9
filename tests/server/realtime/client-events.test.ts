import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, connectClient, nextConnectionError, nextEvent, record, startTestServer, subscribe, type TestServer } from './helpers';

describe('Pusher server: client events', () => {
  let t: TestServer;
  let clients: Pusher[];

  beforeEach(async () => {
    t = await startTestServer();
    clients = [];
  });
  afterEach(() => cleanup(t.server, clients));

  async function pair(options: Parameters<typeof connectClient>[1][] = [{}, {}]): Promise<[Pusher, Pusher]> {
    const [a, b] = await Promise.all(options.map((o) => connectClient(t.port, o)));
    clients.push(a!, b!);
    return [a!, b!];
  }

  it('relays a client event on a private channel to the other subscriber only', async () => {
    const [alice, bob] = await pair();
    const aliceChannel = await subscribe(alice, 'private-handover');
    const bobChannel = await subscribe(bob, 'private-handover');
    const aliceEcho = record(aliceChannel, 'client-typing');
    const bobReceives = nextEvent(bobChannel, 'client-typing');

    aliceChannel.trigger('client-typing', { from: 'alice', text: 'bed 4 done' });
    expect((await bobReceives).data).toEqual({ from: 'alice', text: 'bed 4 done' });

    // Bob's reply travels the same socket to Alice after anything the server sent her before.
    const aliceGetsAck = nextEvent(aliceChannel, 'client-ack');
    const bobEcho = record(bobChannel, 'client-ack');
    bobChannel.trigger('client-ack', { ok: true });
    expect((await aliceGetsAck).data).toEqual({ ok: true });
    expect(aliceEcho).toEqual([]);

    const bobSentinel = nextEvent(bobChannel, 'sentinel');
    await t.sdk.trigger('private-handover', 'sentinel', {});
    await bobSentinel;
    expect(bobEcho).toEqual([]);
  });

  it('refuses client events on a public channel and does not relay them', async () => {
    const [alice, bob] = await pair();
    const aliceLobby = await subscribe(alice, 'lobby');
    const bobLobby = await subscribe(bob, 'lobby');
    const relayed = record(bobLobby, 'client-typing');
    const refusal = nextConnectionError(alice);

    aliceLobby.trigger('client-typing', { from: 'alice' });

    expect(await refusal).toEqual({
      type: 'PusherError',
      data: { code: 4301, message: 'Client event rejected - only supported on private and presence channels' },
    });
    const sentinel = nextEvent(bobLobby, 'sentinel');
    await t.sdk.trigger('lobby', 'sentinel', {});
    await sentinel;
    expect(relayed).toEqual([]);
  });

  it('refuses client events on a private channel the sender is not subscribed to', async () => {
    const [alice, bob] = await pair();
    const bobChannel = await subscribe(bob, 'private-ward');
    const relayed = record(bobChannel, 'client-sneak');
    const refusal = nextConnectionError(alice);

    alice.send_event('client-sneak', { from: 'alice' }, 'private-ward');

    expect(await refusal).toMatchObject({ data: { code: 4301, message: expect.stringContaining('not subscribed') } });
    const sentinel = nextEvent(bobChannel, 'sentinel');
    await t.sdk.trigger('private-ward', 'sentinel', {});
    await sentinel;
    expect(relayed).toEqual([]);
  });

  it('tags client events on presence channels with the sender user_id', async () => {
    const [alice, bob] = await pair([{ user: { user_id: 'alice-1' } }, { user: { user_id: 'bob-2' } }]);
    const aliceChannel = await subscribe(alice, 'presence-ward');
    const bobChannel = await subscribe(bob, 'presence-ward');
    const bobReceives = nextEvent(bobChannel, 'client-wave');

    aliceChannel.trigger('client-wave', { hi: true });

    expect(await bobReceives).toEqual({ data: { hi: true }, metadata: { user_id: 'alice-1' } });
  });
});
