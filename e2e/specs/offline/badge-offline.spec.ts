import { expect, test, type Page } from '@playwright/test';
import type { UserList } from '../../../server/src/contracts/user-list';
import type { HistoryResponse, WearableList } from '../../../server/src/contracts/wearables';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Each test waits for the service worker to install (the whole shell precached) before cutting the network.
test.describe.configure({ timeout: 120_000 });

const indicator = (page: Page) => page.getByTestId('connectivity');

test('a badge assigned offline stays queued through a reload and is assigned exactly once on reconnect', async ({ page, context, request }) => {
  await signedInAs(page, 'tech');
  const api = apiAs(request, await idTokenOf(page));
  // A free badge, and a user of its location (who may wear another device: assigning moves them).
  const badges = await api.get<WearableList>('/devices/wearables?type=BADGE&assigned=false');
  let pick: { badge: WearableList['data'][number]; user: UserList['data'][number] } | null = null;
  for (const candidate of badges.data.filter((b) => b.active && !b.staged)) {
    const users = await api.get<UserList>(`/users?groupId=${candidate.groupId}&active=true&take=500`);
    const free = users.data.find((u) => u.firstName !== 'User');
    if (free) {
      pick = { badge: candidate, user: free };
      break;
    }
  }
  expect(pick).not.toBeNull();
  if (!pick) return;
  const { badge, user } = pick;
  const name = `${user.firstName} ${user.lastName}`;

  await page.goto(`/app/maintenance/badges?groupId=${badge.groupId}&search=${encodeURIComponent(badge.mac)}`);
  const row = page.getByRole('table', { name: 'Badges' }).getByRole('row').filter({ hasText: badge.mac });
  await expect(row).toBeVisible();
  await serviceWorkerInControl(page);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign badges' });
  await dialog.getByLabel('Search users').fill(name);
  await dialog.getByRole('button', { name: `Add ${name}` }).click();
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText(name);
  await expect(row).toContainText('Pending');
  await expect(indicator(page)).toHaveText('Offline · 1 queued');

  await page.reload();
  await expect(indicator(page)).toHaveText('Offline · 1 queued');
  await expect(row).toContainText('Pending');

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online');
  await expect(row).toContainText(name);
  await expect(row).not.toContainText('Pending');
  const history = await api.get<HistoryResponse>(`/devices/${badge.id}/history`);
  expect(history.data.filter((entry) => entry.type === 'ASSIGN' && entry.user.id === user.id)).toHaveLength(1);
  const now = await api.get<WearableList>(`/devices/wearables?type=BADGE&groupId=${badge.groupId}&search=${encodeURIComponent(badge.mac)}`);
  expect(now.data[0]?.user?.id).toBe(user.id);
});
