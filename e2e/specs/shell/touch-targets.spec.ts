import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInAs } from '../../fixtures/session';

// Every control of every page is a finger's size on an iPad held upright (docs/SCREENS.md 'Touch
// targets'): its hit area — the control with the label that toggles it — is at least 44 px each
// way. The page has no exception; a map's drawing is not a control of the page (its hit layer is
// tested with the map).
test.use({ hasTouch: true, isMobile: true, viewport: { width: 810, height: 1080 } });

const MIN = 44;

/** Pages that are not in the navigation, and the navigation's own pages, which the drawer lists. */
const PAGES_OUTSIDE_THE_NAVIGATION = ['/app/settings/my-account', '/app/maintenance/iot-devices'];

interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

/** The visible controls of the page (or of `scope` in it) whose hit area is under 44 px one way or the other. */
async function smallTargets(page: Page, scope?: Locator): Promise<SmallTarget[]> {
  const root = scope ?? page.locator('body');
  return root.evaluate((rootElement, min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=slider]',
      '[role=tab]',
      '[role=combobox]',
    ].join(',');
    const width = window.innerWidth;
    const union = (a: DOMRect, b: DOMRect) => {
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      return { width: Math.max(a.right, b.right) - left, height: Math.max(a.bottom, b.bottom) - top };
    };
    const small: { name: string; width: number; height: number }[] = [];
    for (const element of Array.from(rootElement.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if ((element as HTMLButtonElement).disabled) continue;
      const own = element.getBoundingClientRect();
      // Off the window sideways: a closed drawer's content.
      if (own.right <= 0 || own.left >= width) continue;
      const label = element.closest('label') ?? (element as HTMLInputElement).labels?.[0] ?? null;
      if (own.width === 0 && own.height === 0 && !label) continue;
      // The hidden input of a switch or checkbox is tapped through its label.
      const visible = own.width > 1 && own.height > 1 && Number(style.opacity) > 0;
      const box = label ? (visible ? union(own, label.getBoundingClientRect()) : label.getBoundingClientRect()) : own;
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name =
        element.getAttribute('aria-label') ??
        (label?.textContent || null) ??
        (element.textContent?.trim() || null) ??
        element.getAttribute('title') ??
        `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      small.push({ name: `${name} (${element.tagName.toLowerCase()}${element.getAttribute('role') ? ` role=${element.getAttribute('role')}` : ''})`, width: Math.round(box.width), height: Math.round(box.height) });
    }
    return small;
  }, MIN);
}

/** The pages the navigation drawer offers this account, with the pages it does not list. */
async function pagesOf(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  const links = page.getByRole('navigation').getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  return [...new Set([...hrefs.filter((href) => href.startsWith('/app/')), ...PAGES_OUTSIDE_THE_NAVIGATION])];
}

test('every control of every page is at least 44 px each way on an upright iPad', async ({ page }) => {
  test.setTimeout(240_000);
  await signedInAs(page, 'admin');
  const pages = await pagesOf(page);
  expect(pages.length).toBeGreaterThan(25);

  const found: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    // What the user sees when the page has come: its title, and no loader left in its content.
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    // Sections below the fold load when they come into view: the page is scrolled through, as read.
    const loading = page.getByRole('main').locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible=true]');
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
      await expect(loading, `${path} has loaded`).toHaveCount(0, { timeout: 1000 });
    }).toPass();
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const target of await smallTargets(page)) found.push(`${path}: ${target.name} is ${target.width}×${target.height}`);
  }
  expect(found, found.join('\n')).toEqual([]);
});

/**
 * The dialogs and drawers a walk of the pages opens, each at its fullest: every control in them
 * is a finger's size too.
 */
const OPENED: readonly { name: string; path: string; open: (page: Page) => Promise<Locator> }[] = [
  {
    name: 'Add User',
    path: '/app/accounts/users?organizationIds=3',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add', exact: true }).tap();
      const dialog = page.getByRole('dialog', { name: 'Add New User' });
      // With a template that opens reports, the dialog asks for the user's scope too.
      await dialog.getByRole('combobox', { name: 'Permissions Template' }).tap();
      await page.getByRole('option', { name: 'Charge Nurse', exact: true }).tap();
      await expect(dialog.getByRole('switch', { name: 'Grant site access' })).toBeVisible();
      return dialog;
    },
  },
  {
    name: 'Create Custom Template',
    path: '/app/accounts/users?organizationIds=3',
    open: async (page) => {
      await page.getByRole('button', { name: 'Permissions Template', exact: true }).tap();
      const menu = page.getByRole('dialog', { name: 'Permissions Template Menu' });
      await menu.getByRole('tab', { name: 'Create Custom Template' }).tap();
      await expect(menu.getByRole('checkbox').first()).toBeVisible();
      return menu;
    },
  },
  {
    name: 'Edit organization',
    path: '/app/accounts/organizations',
    open: async (page) => {
      const tree = page.getByRole('tree', { name: 'Organizations' });
      for (const name of ['Lavo', 'Northwind Health Network', "St. Mary's Hospital"]) {
        await tree.getByRole('button', { name: `Expand ${name}`, exact: true }).tap();
        await expect(tree.getByRole('button', { name: `Collapse ${name}`, exact: true })).toBeVisible();
      }
      // A department's default location may be cleared: its select shows the clear button.
      await tree.getByRole('button', { name: "Edit St. Mary's ICU", exact: true }).tap();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox', { name: 'Default location' }).or(dialog.getByRole('combobox', { name: 'Default location' }))).not.toHaveValue('');
      return dialog;
    },
  },
  {
    name: 'Device settings',
    path: '/app/maintenance/beacon-operations',
    open: async (page) => {
      await page.getByRole('row').getByRole('checkbox', { name: 'Select row' }).first().tap();
      await page.getByRole('switch', { name: /^Edit beacons/ }).tap();
      const drawer = page.getByRole('dialog', { name: 'Device settings' });
      await expect(drawer.getByRole('button', { name: 'Reset' }).first()).toBeVisible();
      return drawer;
    },
  },
  {
    name: 'Exposure',
    path: '/app/reports/contact-tracing?mode=exposure',
    open: async (page) => {
      await expect(page.getByRole('slider')).toBeVisible();
      return page.getByRole('main');
    },
  },
];

for (const dialog of OPENED) {
  test(`every control of ${dialog.name} is at least 44 px each way on an upright iPad`, async ({ page }) => {
    await signedInAs(page, 'admin', dialog.path);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    const scope = await dialog.open(page);
    await expect(scope).toBeVisible();
    await page.waitForLoadState('networkidle');
    const found = (await smallTargets(page, scope)).map((t) => `${dialog.name}: ${t.name} is ${t.width}×${t.height}`);
    expect(found, found.join('\n')).toEqual([]);
  });
}
