import { expect, test } from '@playwright/test';
import type { Role } from '@contracts/entities';
import type { UserList } from '@contracts/user-list';
import { apiAs } from '../../fixtures/api';
import { accountWithPassword, adminIdToken, staffMember } from '../../fixtures/identity';
import { ReportsPage } from '../../pages/reports-page';
import { SignInPage } from '../../pages/sign-in-page';

// A template edit is in force from the affected user's next request, in a session already open:
// the server reads the user's template on every call (docs/PERMISSIONS.md 'Decisions').

const ST_MARYS = 3;
const INDIVIDUAL_USER = 4;
const PASSWORD = 'Template!2345';

test('a signed-in user’s next request after their template lost a subject is refused', async ({ page, request }) => {
  const admin = apiAs(request, await adminIdToken(request));
  const username = await staffMember(request, 9);
  await accountWithPassword(request, username, PASSWORD);
  const user = (await admin.get<UserList>(`/users?organizationIds=${ST_MARYS}&search=${encodeURIComponent(username)}&take=5`)).data.find((u) => u.userName === username);
  expect(user).toBeTruthy();
  if (!user) return;
  const template = await admin.post<Role>('/roles', { name: `Compliance Reader ${Date.now()}`, owner: ST_MARYS, permissions: ['USER_OVERVIEW', 'COMPLIANCE'] });
  await admin.patch(`/users/${user.id}`, { roleId: template.id });

  try {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.fill(username, PASSWORD);
    await signIn.submit().click();
    await expect(page).toHaveURL(/\/app\//);

    // The Compliance page's own call: not the landing page's (the user's own dashboard, which
    // names the user), which may still be arriving; only then is the template changed.
    const before = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname.startsWith('/api/compliance/') && !url.searchParams.has('userId') && r.request().method() === 'GET';
    });
    await page.goto('/app/reports/compliance');
    expect((await before).status()).toBe(200);
    await expect(page).toHaveURL(/\/app\/reports\/compliance/);

    await admin.patch(`/roles/${template.id}`, { permissions: ['USER_OVERVIEW'] });
    // Same sign-in, no new tokens: the page's next call (another date range: Yesterday, one day) is
    // refused, and the page says why. (Calls of the first range still arriving are not it.)
    const after = page.waitForResponse((r) => {
      const url = new URL(r.url());
      const start = url.searchParams.get('startDate');
      return url.pathname.startsWith('/api/compliance/') && r.request().method() === 'GET' && start !== null && start === url.searchParams.get('endDate');
    });
    await new ReportsPage(page).applyDatePreset('Yesterday');
    const refused = await after;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'You do not have permission to do this' });
    await expect(page.getByText('You do not have permission to do this').first()).toBeVisible();

    // The menus follow once the role is read again (each start, and when the window regains
    // focus): Compliance leaves the navigation and its page gives way to the landing page.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Compliance', exact: true })).toBeVisible();
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Compliance', exact: true })).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/app\/reports\/compliance/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await admin.patch(`/users/${user.id}`, { roleId: INDIVIDUAL_USER });
  }
});
