import { test as base, expect, type Page } from '@playwright/test';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

// A fake camera, granted without asking, so the QR scanner runs as it would on a tablet.
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
    },
    { scope: 'worker' },
  ],
});
test.use({ permissions: ['camera'] });

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/** Every policy violation of the page's documents (events and console reports), as it happens. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('reportPolicyViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (v: Violation) => void }).reportPolicyViolation;
      void report({ directive: event.effectiveDirective, blocked: event.blockedURI, page: location.pathname });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) {
      violations.push({ directive: 'console', blocked: message.text(), page: page.url() });
    }
  });
  return violations;
}

test('the built app runs under its Content-Security-Policy: sign-in, a report, Stations, NFC and the camera scanner', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);

  const shellResponse = await page.goto('/auth');
  const policy = shellResponse?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).toContain("frame-ancestors 'none'");
  const signIn = new SignInPage(page);
  await expect(signIn.login()).toBeVisible();
  expect(violations, 'on the sign-in screen').toEqual([]);

  // The watch works: an injected inline script is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  });
  // Reported twice: the event, and the browser's console message.
  await expect.poll(() => violations.map((v) => v.directive).sort()).toEqual(['console', 'script-src-elem']);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  violations.length = 0;

  await signIn.signInAs('admin');
  await expect(page).toHaveURL(/\/app\/reports\/overview/);
  await expect(page.getByRole('heading', { level: 1, name: 'Performance Overview' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Loaded afresh, the first screen's inline title script runs before the app.
  await page.goto('/app/reports/compliance');
  await expect(new Shell(page).pageTitle()).toHaveText('Compliance Report');
  await page.waitForLoadState('networkidle');

  // Stations talks to the kiosk over the Pusher WebSocket: Live proves the connection is allowed.
  await page.goto('/app/maintenance/stations?groupId=15');
  await expect(page.getByTestId('kiosk-panel').first().getByTestId('session-state')).toHaveText('Live');

  await page.goto('/app/accounts/nfc');
  await expect(page.getByRole('table', { name: 'NFC tags' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/app/maintenance/badges?groupId=6');
  await page.getByRole('button', { name: 'Add badge' }).click();
  await page.getByRole('dialog', { name: 'Add badge' }).getByRole('button', { name: 'Scan', exact: true }).click();
  // Opening a camera takes a while on a busy machine.
  await expect(page.getByText('Point the camera at the QR code or barcode on the device.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('camera-viewport').locator('video')).toBeVisible();

  expect(violations).toEqual([]);
});
