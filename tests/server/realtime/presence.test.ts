import type Pusher from 'pusher-js';
import type { Members, PresenceChannel } from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, connectClient, nextEvent, record, startTestServer, subscribe, type TestServer } from './helpers';

interface Member {
  id: string;
  info: unknown;
}

function roster(channel: PresenceChannel): Member[] {
  const members: Member[] = [];
  channel.members.each((member: Member) => members.push(member));
  return members.sort((a, b) => a.id.localeCompare(b.id));
}

describe('Pusher server: presence channels', () => {
  let t: TestServer;
  let clients: Pusher[];

  beforeEach(async () => {
    t = await startTestServer();
    clients = [];
  });
  afterEach(() => cleanup(t.server, clients));

  async function join(userId: string, info: Record<string, unknown>): Promise<{ client: Pusher; channel: PresenceChannel }> {
    const client = await connectClient(t.port, { user: { user_id: userId, user_info: info } });
    clients.push(client);
    const channel = (await subscribe(client, 'presence-ward-5')) as PresenceChannel;
    return { client, channel };
  }

  async function subscriptionCount(): Promise<number> {
    const response = await t.sdk.get({ path: '/channels/presence-ward-5', params: { info: 'subscription_count' } });
    return ((await response.json()) as { subscription_count: number }).subscription_count;
  }

  it('announces members joining and leaving, with the roster on subscription', async () => {
    const ana = await join('nurse-ana', { name: 'Ana' });
    expect(ana.channel.members.count).toBe(1);
    expect(ana.channel.members.me).toEqual({ id: 'nurse-ana', info: { name: 'Ana' } });

    const added = nextEvent(ana.channel, 'pusher:member_added');
    const ben = await join('doctor-ben', { name: 'Ben' });
    expect((await added).data).toEqual({ id: 'doctor-ben', info: { name: 'Ben' } });
    expect((ben.channel.members as Members).count).toBe(2);
    expect(roster(ben.channel)).toEqual([
      { id: 'doctor-ben', info: { name: 'Ben' } },
      { id: 'nurse-ana', info: { name: 'Ana' } },
    ]);

    const removed = nextEvent(ana.channel, 'pusher:member_removed');
    ben.client.disconnect();
    expect((await removed).data).toEqual({ id: 'doctor-ben', info: { name: 'Ben' } });
    expect(roster(ana.channel)).toEqual([{ id: 'nurse-ana', info: { name: 'Ana' } }]);
  });

  it('counts a user with two connections once and removes them after the last one leaves', async () => {
    const ana = await join('nurse-ana', { name: 'Ana' });
    const added = record(ana.channel, 'pusher:member_added');
    const removed = record<Member>(ana.channel, 'pusher:member_removed');
    const ben = await join('doctor-ben', { name: 'Ben' });
    const benOnTablet = await join('doctor-ben', { name: 'Ben' });
    expect(benOnTablet.channel.members.count).toBe(2);

    benOnTablet.client.disconnect();
    await expect.poll(subscriptionCount, { timeout: 1000, interval: 20 }).toBe(2);
    const sentinel = nextEvent(ana.channel, 'sentinel');
    await t.sdk.trigger('presence-ward-5', 'sentinel', {});
    await sentinel;
    expect(removed).toEqual([]);

    const gone = nextEvent(ana.channel, 'pusher:member_removed');
    ben.client.unsubscribe('presence-ward-5');
    expect((await gone).data).toMatchObject({ id: 'doctor-ben' });
    expect(added).toEqual([{ id: 'doctor-ben', info: { name: 'Ben' } }]);
  });

  it('refuses a presence subscription without channel_data', async () => {
    const client = await connectClient(t.port);
    clients.push(client);
    // pusher-js itself refuses presence auth without channel_data, so speak the protocol directly:
    // signed correctly, but as if it were a private channel, i.e. with no user identity.
    const frames = record<{ event: string; channel?: string; data?: { error?: string; status?: number } }>(client.connection, 'message');
    const auth = t.sdk.authorizeChannel(client.connection.socket_id, 'presence-ward-5').auth;
    client.send_event('pusher:subscribe', { channel: 'presence-ward-5', auth });
    await subscribe(client, 'sentinel');
    expect(frames.find((f) => f.event === 'pusher:subscription_error')).toEqual({
      event: 'pusher:subscription_error',
      channel: 'presence-ward-5',
      data: { type: 'AuthError', status: 401, error: expect.stringContaining('channel_data') },
    });
    expect(await subscriptionCount()).toBe(0);
  });
});
