import { expect, test } from '@playwright/test';
import type { UserList } from '../../../server/src/contracts/user-list';
import type { HistoryResponse } from '../../../server/src/contracts/wearables';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { OutboxPanel } from '../../pages/outbox-panel';
import { UsersPage } from '../../pages/users-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Users' Unassign Device (docs/SCREENS.md 'Users') goes through the outbox like every field edit.
// The test waits for the service worker to install (the whole shell precached) before cutting the network.
test.describe.configure({ timeout: 120_000 });

const ST_MARYS = 3;

test('a manager unassigns a user’s wristband offline: pending through a reload, unassigned exactly once on reconnect', async ({ page, context, request }) => {
  await signedInAs(page, 'manager');
  const api = apiAs(request, await idTokenOf(page));
  // A wristband holder of St. Mary's, from the end of the list (the badge tests take users from its start).
  const list = await api.get<UserList>(`/users?organizationIds=${ST_MARYS}&expand=device&active=true&take=500`);
  const holder = [...list.data].reverse().find((u) => u.device?.type === 'WRISTBAND' && u.firstName !== 'User');
  expect(holder).toBeDefined();
  if (!holder?.device) return;
  const device = holder.device;
  const name = `${holder.firstName} ${holder.lastName}`;
  const shown = device.code ?? device.mac;
  const startedAt = Date.now();

  const users = new UsersPage(page);
  const outbox = new OutboxPanel(page);
  await users.goto([ST_MARYS], holder.userName);
  const row = users.row(holder.userName);
  await expect(row).toContainText(shown);
  await serviceWorkerInControl(page);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await users.rowAction(name, 'Unassign Device');
  const dialog = page.getByRole('dialog', { name: 'Unassign wristband' });
  await expect(dialog).toContainText(`Please confirm unassigning ${name}`);
  await expect(dialog).toContainText(`Wristband ${device.mac}`);
  await expect(dialog).toContainText('This unassign should only be performed for users with broken or lost devices.');
  await dialog.getByRole('button', { name: 'Unassign' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Pending');
  await expect(outbox.indicator()).toHaveText('Offline · 1 queued');
  // No second unassignment is offered while the first waits.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Unassign Device' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(outbox.indicator()).toHaveText('Offline · 1 queued');
  await expect(row).toContainText('Pending');
  await outbox.open();
  await expect(outbox.panel()).toContainText(`Unassign wristband ${device.mac} from ${name}`);
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(outbox.indicator()).toHaveText('Online');
  await expect(row).not.toContainText('Pending');
  await expect(row).not.toContainText(shown);

  const history = await api.get<HistoryResponse>(`/users/${holder.id}/history`);
  const unassigns = history.data.filter((e) => e.type === 'UNASSIGN' && e.device.id === device.id && Date.parse(e.timestamp) >= startedAt - 1_000);
  expect(unassigns).toHaveLength(1);
  const now = await api.get<UserList>(`/users?organizationIds=${ST_MARYS}&expand=device&search=${encodeURIComponent(holder.userName)}`);
  expect(now.data.find((u) => u.id === holder.id)?.device).toBeNull();
});
