import { expect, test } from '@playwright/test';
import type { BootstrapResponse } from '@contracts/bootstrap';
import type { NfcTag } from '@contracts/nfc';
import type { UserList } from '@contracts/user-list';
import { accounts } from '../../fixtures/accounts';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { NfcPage } from '../../pages/nfc-page';
import { SignInPage } from '../../pages/sign-in-page';

// The technician on an upright tablet, assigning a tag at one location.
test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

test('the Assign dialog offers the users of the tag’s location’s organization, everyone else behind a switch', async ({ page, request }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.tech.email, accounts.tech.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\//);
  const api = apiAs(request, await idTokenOf(page));
  const tag = (await api.get<{ data: NfcTag[] }>('/nfc-tags?status=active&take=500')).data.find((t) => t.userId === null);
  const bootstrap = await api.get<BootstrapResponse>(`/bootstrap?username=${encodeURIComponent(accounts.tech.email)}&loginType=WEB_APP`);
  const home = bootstrap.groups.find((g) => g.id === tag?.groupId)?.organizationId;
  expect(tag && home).toBeTruthy();
  if (!tag || !home) return;
  const homeUsers = (await api.get<UserList>(`/users?organizationIds=${home}&active=true&take=500`)).data;
  const homeIds = new Set(homeUsers.map((u) => u.id));
  const inside = homeUsers.find((u) => u.nfcTag === null);
  const outside = (await api.get<UserList>('/users?active=true&take=500')).data.find((u) => u.nfcTag === null && !homeIds.has(u.id));
  expect(inside && outside).toBeTruthy();
  if (!inside || !outside) return;

  const nfc = new NfcPage(page);
  await nfc.goto(tag.nfcId);
  const dialog = await nfc.openAssign(tag.nfcId);
  const search = dialog.getByLabel('Search users');
  const offered = dialog.getByRole('group', { name: 'Users' }).getByRole('checkbox');

  await search.fill(inside.userName);
  await expect(offered).toHaveCount(1);
  await search.fill(outside.userName);
  await expect(dialog.getByText('No users found')).toBeVisible();
  const everyone = dialog.getByRole('switch', { name: /Show users of every organization/ });
  await everyone.check();
  await expect(offered).toHaveCount(1);
  // A switched-off account is never offered, not even among everyone.
  await search.fill(accounts.disabled.email);
  await expect(dialog.getByText('No users found')).toBeVisible();
  await everyone.uncheck();
  await search.fill(outside.userName);
  await expect(dialog.getByText('No users found')).toBeVisible();
});
