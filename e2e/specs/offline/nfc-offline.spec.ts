import { expect, test, type Page } from '@playwright/test';
import type { NfcTag, NfcTagsResponse } from '../../../server/src/contracts/nfc';
import type { UserList } from '../../../server/src/contracts/user-list';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { NfcPage } from '../../pages/nfc-page';
import { OutboxPanel } from '../../pages/outbox-panel';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Each test waits for the service worker to install (the whole shell precached) before cutting the network.
test.describe.configure({ timeout: 120_000 });

/** Opens NFC Tag Assignment, ready to lose the network. */
async function openNfcPage(page: Page, search = '') {
  const nfc = new NfcPage(page);
  await nfc.goto(search);
  await serviceWorkerInControl(page);
  // Every list the screen needs (tags, users) is loaded and kept before the network goes.
  await page.waitForLoadState('networkidle');
  return { nfc, outbox: new OutboxPanel(page) };
}

test('two NFC tags imported offline stay queued through a reload and reach the server exactly once', async ({ page, context, request }) => {
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const ids = [`E2E${stamp}A${'0'.repeat(11)}`, `E2E${stamp}B${'0'.repeat(11)}`];
  await signedInAs(page, 'tech');
  const { nfc, outbox } = await openNfcPage(page, `E2E${stamp}`);
  const api = apiAs(request, await idTokenOf(page));
  const groupId = (await api.get<NfcTagsResponse>('/nfc-tags?take=1')).data[0]?.groupId;
  expect(groupId).toBeDefined();

  await context.setOffline(true);
  const csv = ['groupId,nfcId,active,userName', ...ids.map((id) => `${groupId},${id},true,`)].join('\n');
  await nfc.chooseCsv(csv);
  await expect(page.getByText('2 rows ready to import.')).toBeVisible();
  await nfc.confirmImport();
  await expect(outbox.indicator()).toHaveText('Offline · 2 queued');
  for (const id of ids) await expect(nfc.row(id.slice(0, 14))).toContainText('Pending');

  await page.reload();
  await expect(outbox.indicator()).toHaveText('Offline · 2 queued');
  for (const id of ids) await expect(nfc.row(id.slice(0, 14))).toContainText('Pending');

  // On the technician's upright tablet each queued change's status reads in full, never cut to "PEN…".
  await page.setViewportSize({ width: 800, height: 1280 });
  await outbox.open();
  const badges = outbox.panel().locator('.mantine-Badge-label');
  await expect(badges).toHaveCount(2);
  for (const badge of await badges.all()) {
    await expect(badge).toHaveText('Pending');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(outbox.indicator()).toHaveText('Online');
  for (const id of ids) await expect(nfc.row(id.slice(0, 14))).not.toContainText('Pending');
  const stored = await api.get<NfcTagsResponse>(`/nfc-tags?search=E2E${stamp}`);
  expect(stored.totalCount).toBe(2);
  expect(stored.data.map((t) => `${t.nfcId}${t.nfcShortId}`).sort()).toEqual(ids);
});

test('an assignment that conflicts on replay shows the server’s message and stays until discarded', async ({ page, context, request }) => {
  await signedInAs(page, 'tech');
  const api = apiAs(request, await idTokenOf(page));
  const tags = await api.get<NfcTagsResponse>('/nfc-tags?status=active&take=500');
  const tag = tags.data.find((t) => t.userId === null) as NfcTag;
  expect(tag).toBeDefined();
  const users = await api.get<UserList>(`/users?groupId=${tag.groupId}&active=true&take=500`);
  const [mine, theirs] = users.data.filter((u) => u.nfcTag === null);
  expect(mine && theirs).toBeTruthy();
  if (!mine || !theirs) return;

  const { nfc, outbox } = await openNfcPage(page, tag.nfcId);
  await context.setOffline(true);
  await nfc.openAssign(tag.nfcId);
  await nfc.assignTo(1, `${mine.firstName} ${mine.lastName}`);
  await expect(nfc.resultsDialog()).toContainText('Queued');
  await nfc.doneButton().click();
  await expect(nfc.row(tag.nfcId)).toContainText(`${mine.firstName} ${mine.lastName}`);
  await expect(nfc.row(tag.nfcId)).toContainText('Pending');

  // Meanwhile a colleague gives the tag to someone else.
  await api.patch(`/nfc-tags/${tag.id}`, { userId: theirs.id });

  await context.setOffline(false);
  await expect(outbox.indicator()).toHaveText('1 not accepted');
  const message = `This tag was assigned to ${theirs.firstName} ${theirs.lastName} meanwhile.`;
  await expect(nfc.row(tag.nfcId)).toContainText(`${theirs.firstName} ${theirs.lastName}`);
  await expect(nfc.row(tag.nfcId)).toContainText('Not accepted');

  await outbox.open();
  const item = outbox.item(new RegExp(`Assign NFC tag ${tag.nfcId}`));
  await expect(item).toContainText(`Not accepted: ${message}`);
  // Retrying changes nothing while the tag is someone else's: the change stays. The retry's answer
  // is awaited before going on, so the discard below never races a send still on its way.
  const retried = page.waitForResponse((r) => r.url().endsWith(`/nfc-tags/${tag.id}`) && r.request().method() === 'PATCH');
  await outbox.retryButton(item).click();
  expect((await retried).status()).toBe(409);
  await expect(outbox.retryButton(item)).toBeVisible();
  await expect(item).toContainText(`Not accepted: ${message}`);

  await outbox.discard(item);
  await expect(outbox.panel().getByText('Everything you changed has reached the server.')).toBeVisible();
  await expect(outbox.indicator()).toHaveText('Online');
  const after = await api.get<NfcTag>(`/nfc/nfcId/${tag.nfcId}`);
  expect(after.userId).toBe(theirs.id);
});
