import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT_BY_KEY } from '../../server/src/db/demo-accounts';

const TIMEOUT_MS = 60_000;

/** The first element of the sign-in screen's own content (its form's password field). */
export const SIGN_IN_SCREEN_SELECTOR = 'input[type="password"]';
/** The first element of a signed-in page's own content: its heading, inside the shell. */
export const PAGE_IN_SHELL_SELECTOR = '.mantine-AppShell-main h1';

/** The sign-in screen has rendered: its login field shows. */
export async function signInScreenShown(page: Page): Promise<void> {
  await page.getByLabel('Email or username').waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}

/**
 * The signed-in shell shows `path` with its page title. (Not waiting for the side navigation: below
 * the desktop width it lives in a drawer.)
 */
export async function signedInPageShown(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: TIMEOUT_MS });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}

/** Signs in as the demo administrator through the real /auth screen; the session stays in localStorage. */
export function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  return signInAs(page, baseUrl, 'admin');
}

/** Signs in as a demo account through the real /auth screen; the session stays in localStorage. */
export async function signInAs(page: Page, baseUrl: string, key: keyof typeof DEMO_ACCOUNT_BY_KEY): Promise<void> {
  const { email, password } = DEMO_ACCOUNT_BY_KEY[key];
  await page.goto(`${baseUrl}/auth`);
  await signInScreenShown(page);
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Sign(ing)? in/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app/'), { timeout: TIMEOUT_MS });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}
