import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannelName } from '../../../server/src/contracts/realtime';
import { createTestApp, PUSHER_TEST_APP, signIn, userIdOf, type Tokens } from '../helpers/app';

const SOCKET = '1234.5678';

describe('POST /api/pusher/auth', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let nurse: Tokens;
  let tech: Tokens;
  let nurseId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    [nurse, tech] = await Promise.all([signIn('nurse@demo.health'), signIn('tech@demo.health')]);
    nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
  });
  afterAll(() => ctx.close());

  const authorize = (token: string | undefined, channel: string, form = false) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: {
        ...(token ? { authorization: token } : {}),
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      payload: form
        ? new URLSearchParams({ socket_id: SOCKET, channel_name: channel }).toString()
        : { socket_id: SOCKET, channel_name: channel },
    });

  const expectedAuth = (channel: string) =>
    `${PUSHER_TEST_APP.key}:${createHmac('sha256', PUSHER_TEST_APP.secret).update(`${SOCKET}:${channel}`).digest('hex')}`;

  it('answers 401 without a token', async () => {
    expect((await authorize(undefined, userChannelName(1))).statusCode).toBe(401);
  });

  it('signs the caller’s own channel, form-encoded as pusher-js sends it', async () => {
    const channel = userChannelName(nurseId);
    const res = await authorize(nurse.idToken, channel, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().auth).toBe(expectedAuth(channel));
  });

  it('refuses another user’s channel and device channels to an end user', async () => {
    expect((await authorize(nurse.idToken, userChannelName(nurseId + 1))).statusCode).toBe(403);
    expect((await authorize(nurse.idToken, 'private-kiosk-gateway-1')).statusCode).toBe(403);
    expect((await authorize(nurse.idToken, 'public-channel')).statusCode).toBe(403);
  });

  it('signs a gateway’s channel for a technician, and no channel that is no gateway’s', async () => {
    const res = await authorize(tech.idToken, 'private-kiosk-3n');
    expect(res.statusCode).toBe(200);
    expect(res.json().auth).toBe(expectedAuth('private-kiosk-3n'));
    expect((await authorize(tech.idToken, 'private-kiosk-gateway-1')).statusCode).toBe(403);
  });

  it('rejects a malformed socket id', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: { authorization: tech.idToken },
      payload: { socket_id: 'abc', channel_name: 'private-x' },
    });
    expect(res.statusCode).toBe(400);
  });
});
