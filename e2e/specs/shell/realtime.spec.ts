import { expect, test } from '@playwright/test';
import Pusher from 'pusher';
import { SignInPage } from '../../pages/sign-in-page';

// The defaults `npm start` gives the local Pusher-protocol server (playwright.config.ts puts it on PORT + 1).
const realtimePort = Number(process.env.E2E_PORT ?? 8090) + 1;
const serverSdk = new Pusher({
  appId: 'lavo-local',
  key: 'lavo-local-key',
  secret: 'lavo-local-secret',
  host: '127.0.0.1',
  port: String(realtimePort),
  useTLS: false,
});

test('the app joins the user’s private channel and receives what server code publishes', async ({ page }) => {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes(`:${realtimePort}/app/lavo-local-key`)) {
      socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
    }
  });
  await new SignInPage(page).signInAs('nurse');

  const channelOf = () =>
    frames.map((f) => /"event":"pusher_internal:subscription_succeeded".*"channel":"(private-client-\d+)"/.exec(f)?.[1]).find(Boolean);
  await expect.poll(channelOf).toMatch(/^private-client-\d+$/);

  await serverSdk.trigger(channelOf()!, 'notice', { text: 'Wristband 0042 is ready' });
  await expect
    .poll(() => frames.filter((f) => f.includes('"event":"notice"')).map((f) => JSON.parse(JSON.parse(f).data)))
    .toEqual([{ text: 'Wristband 0042 is ready' }]);
});
