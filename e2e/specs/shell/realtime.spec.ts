import { expect, test } from '@playwright/test';
import Pusher from 'pusher';
import { localSecrets } from '../../../server/src/secrets';
import { E2E_DATA_DIR, E2E_PORT } from '../../fixtures/server';
import { signedInAs } from '../../fixtures/session';

// The local Pusher-protocol server as `npm start` runs it (playwright.config.ts puts it on PORT + 1),
// with the secret generated for the browser tests' installation.
const realtimePort = E2E_PORT + 1;
const serverSdk = () =>
  new Pusher({
    appId: 'lavo-local',
    key: 'lavo-local-key',
    secret: localSecrets(E2E_DATA_DIR).pusherSecret,
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
  await signedInAs(page, 'nurse');

  const channelOf = () =>
    frames.map((f) => /"event":"pusher_internal:subscription_succeeded".*"channel":"(private-client-\d+)"/.exec(f)?.[1]).find(Boolean);
  await expect.poll(channelOf).toMatch(/^private-client-\d+$/);

  await serverSdk().trigger(channelOf()!, 'notice', { text: 'Wristband 0042 is ready' });
  await expect
    .poll(() => frames.filter((f) => f.includes('"event":"notice"')).map((f) => JSON.parse(JSON.parse(f).data)))
    .toEqual([{ text: 'Wristband 0042 is ready' }]);
});
