import { expect, test, type Page } from '@playwright/test';
import type { NfcTag, NfcTagsResponse } from '../../../server/src/contracts/nfc';
import type { UserList } from '../../../server/src/contracts/wearables-admin';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { SignInPage } from '../../pages/sign-in-page';

// Each test waits for the service worker to install (the whole shell precached) before cutting the network.
test.describe.configure({ timeout: 120_000 });

const indicator = (page: Page) => page.getByTestId('connectivity');
const tagRow = (page: Page, nfcId: string) => page.getByRole('table', { name: 'NFC tags' }).getByRole('row').filter({ hasText: nfcId });

/** Opens NFC Tag Assignment, ready to lose the network. */
async function openNfcPage(page: Page, search = '') {
  await page.goto(`/app/accounts/nfc${search ? `?search=${search}` : ''}`);
  await expect(page.getByRole('table', { name: 'NFC tags' })).toBeVisible();
  await serviceWorkerInControl(page);
  // Every list the screen needs (tags, users) is loaded and kept before the network goes.
  await page.waitForLoadState('networkidle');
}

test('two NFC tags imported offline stay queued through a reload and reach the server exactly once', async ({ page, context, request }) => {
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const ids = [`E2E${stamp}A${'0'.repeat(11)}`, `E2E${stamp}B${'0'.repeat(11)}`];
  await new SignInPage(page).signInAs('tech');
  await openNfcPage(page, `E2E${stamp}`);
  const api = apiAs(request, await idTokenOf(page));
  const groupId = (await api.get<NfcTagsResponse>('/nfc-tags?take=1')).data[0]?.groupId;
  expect(groupId).toBeDefined();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Import' }).click();
  const csv = ['groupId,nfcId,active,userName', ...ids.map((id) => `${groupId},${id},true,`)].join('\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('2 rows ready to import.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  await expect(indicator(page)).toHaveText('Offline · 2 queued');
  for (const id of ids) await expect(tagRow(page, id.slice(0, 14))).toContainText('Pending');

  await page.reload();
  await expect(indicator(page)).toHaveText('Offline · 2 queued');
  for (const id of ids) await expect(tagRow(page, id.slice(0, 14))).toContainText('Pending');

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online');
  for (const id of ids) await expect(tagRow(page, id.slice(0, 14))).not.toContainText('Pending');
  const stored = await api.get<NfcTagsResponse>(`/nfc-tags?search=E2E${stamp}`);
  expect(stored.totalCount).toBe(2);
  expect(stored.data.map((t) => `${t.nfcId}${t.nfcShortId}`).sort()).toEqual(ids);
});

test('an assignment that conflicts on replay shows the server’s message and stays until discarded', async ({ page, context, request }) => {
  await new SignInPage(page).signInAs('tech');
  const api = apiAs(request, await idTokenOf(page));
  const tags = await api.get<NfcTagsResponse>('/nfc-tags?status=active&take=500');
  const tag = tags.data.find((t) => t.userId === null) as NfcTag;
  expect(tag).toBeDefined();
  const users = await api.get<UserList>(`/users?groupId=${tag.groupId}&active=true&take=500`);
  const [mine, theirs] = users.data.filter((u) => u.nfcTag === null);
  expect(mine && theirs).toBeTruthy();
  if (!mine || !theirs) return;

  await openNfcPage(page, tag.nfcId);
  await context.setOffline(true);
  await tagRow(page, tag.nfcId).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Assign (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 1 NFC tag' });
  await dialog.getByLabel('Search users').fill(`${mine.firstName} ${mine.lastName}`);
  await dialog.getByRole('checkbox', { name: new RegExp(`${mine.firstName} ${mine.lastName}`) }).check();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByRole('dialog', { name: 'Assignment results' })).toContainText('Queued');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(tagRow(page, tag.nfcId)).toContainText(`${mine.firstName} ${mine.lastName}`);
  await expect(tagRow(page, tag.nfcId)).toContainText('Pending');

  // Meanwhile a colleague gives the tag to someone else.
  await api.patch(`/nfc-tags/${tag.id}`, { userId: theirs.id });

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('1 not accepted');
  const message = `This tag was assigned to ${theirs.firstName} ${theirs.lastName} meanwhile.`;
  await expect(tagRow(page, tag.nfcId)).toContainText(`${theirs.firstName} ${theirs.lastName}`);
  await expect(tagRow(page, tag.nfcId)).toContainText('Not accepted');

  await indicator(page).click();
  const panel = page.getByRole('dialog', { name: 'Changes on this device' });
  const item = panel.getByRole('article', { name: new RegExp(`Assign NFC tag ${tag.nfcId}`) });
  await expect(item).toContainText(`Not accepted: ${message}`);
  // Retrying changes nothing while the tag is someone else's: the change stays.
  await item.getByRole('button', { name: 'Retry' }).click();
  await expect(item.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(item).toContainText(`Not accepted: ${message}`);

  await item.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(panel.getByText('Everything you changed has reached the server.')).toBeVisible();
  await expect(indicator(page)).toHaveText('Online');
  const after = await api.get<NfcTag>(`/nfc/nfcId/${tag.nfcId}`);
  expect(after.userId).toBe(theirs.id);
});
