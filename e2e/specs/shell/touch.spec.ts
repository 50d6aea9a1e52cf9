import { devices, expect, test } from '@playwright/test';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

test.use({ ...devices['iPad (gen 7)'], browserName: 'chromium', defaultBrowserType: 'chromium' });

test('on a tablet the navigation is a drawer and every control is at least 44 px', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  for (const control of [signIn.login(), signIn.password()]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await signIn.fill('admin@demo.health', 'Demo!2345');
  await signIn.submit().click();

  const shell = new Shell(page);
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
  await expect(shell.nav()).toBeHidden();
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await burger.click();
  await expect(shell.nav()).toBeVisible();

  const targets = page.locator('nav a, header button, header a');
  const count = await targets.count();
  expect(count).toBeGreaterThan(20);
  for (let i = 0; i < count; i += 1) {
    const target = targets.nth(i);
    if (!(await target.isVisible())) continue;
    const box = (await target.boundingBox())!;
    expect(box.height, `${await target.textContent()} is ${box.height}px high`).toBeGreaterThanOrEqual(44);
  }

  await shell.navLink('Wristbands').click();
  await expect(page).toHaveURL('/app/maintenance/wristbands');
  await expect(shell.nav()).toBeHidden();
});

test('on a tablet every control of the recovery screens is at least 44 px', async ({ page }) => {
  for (const path of ['/auth', '/password', '/account-auth?username=new%40demo.health', '/reset?confirmation_code=1&username=a%40b.c']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    const targets = page.getByRole('main').locator('a, button, input');
    await expect(targets.first()).toBeVisible();
    const count = await targets.count();
    for (let i = 0; i < count; i += 1) {
      const target = targets.nth(i);
      if (!(await target.isVisible())) continue;
      const box = (await target.boundingBox())!;
      const name = (await target.getAttribute('aria-label')) ?? (await target.textContent()) ?? (await target.getAttribute('type'));
      expect(box.height, `${path}: ${name} is ${box.height}px high`).toBeGreaterThanOrEqual(44);
    }
  }
});
