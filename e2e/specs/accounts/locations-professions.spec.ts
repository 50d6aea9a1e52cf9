import { expect, test } from '@playwright/test';
import type { Group } from '@contracts/entities';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { AccountTreePage, ProfessionsPage } from '../../pages/accounts-pages';
import { Shell } from '../../pages/shell';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The smallest png: 1×1, transparent.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => Date.now().toString(36).slice(-5);

test('the admin adds a child location with a floor plan, edits it, and its plan is served to them and kept offline', async ({ page, context, request }) => {
  await signedInAs(page, 'admin');
  const locations = new AccountTreePage(page, '/app/accounts/locations', 'Locations');
  await locations.goto();
  await serviceWorkerInControl(page);
  await expect(locations.tree()).toBeVisible();
  await locations.expand('Northwind Health Network', "St. Mary's Hospital", "St. Mary's – Main Tower");
  await locations.action('Add child to ICU – 3 North').click();

  const form = locations.form();
  const name = `ICU annex ${unique()}`;
  await expect(form.getByLabel('Parent')).toHaveValue('ICU – 3 North');
  // The parent is not the root: its visit duration is the top location's.
  await expect(form.getByLabel('Visit duration (s)')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByLabel('Name').fill(name);
  await locations.choose('Type', 'Unit');
  // Save with the address left empty: the field is marked and focused (scrolled to), and the form says why.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Address')).toBeFocused();
  await expect(form.getByRole('alert')).toContainText('marked in red');
  await form.getByLabel('Address').fill('1200 Harbor View Blvd, Portland, OR 97201');
  await expect(form.getByLabel('Shift length (h)')).toHaveAttribute('placeholder', '8');
  await form.locator('input[type=file]').setInputFiles({ name: 'annex.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location successfully created!')).toBeVisible();

  await locations.expand('ICU – 3 North');
  await expect(locations.node(name)).toBeVisible();
  // It has a floor plan now: Rooms leads to the Location Editor on it.
  await expect(locations.action(`Rooms of ${name}`)).toHaveAttribute('href', /\/app\/maintenance\/editor\?groupId=\d+$/);

  await locations.action(`Edit ${name}`).click();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByLabel('Name').fill(`${name} (east)`);
  await form.getByLabel('Wash duration (s)').fill('25');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location successfully updated!')).toBeVisible();
  await expect(locations.node(`${name} (east)`)).toBeVisible();

  // The form shows the uploaded plan; once seen, it is there offline too.
  const plan = () => locations.form().getByRole('group', { name: `Floor plan of ${name} (east)` }).locator('img');
  await locations.action(`Edit ${name} (east)`).click();
  await expect(plan()).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => plan().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await locations.form().getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(true);
  await locations.action(`Edit ${name} (east)`).click();
  await expect(plan()).toHaveAttribute('src', /^data:image\/png;base64,/);
  await locations.form().getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(false);

  const api = apiAs(request, await idTokenOf(page));
  const saved = (await api.get<{ data: Group[] }>('/groups')).data.find((g) => g.name === `${name} (east)`);
  expect(saved).toMatchObject({ requiredHandWashDuration: 25, parentId: 6 });
  const served = await request.get(saved!.floorplanImage!, { headers: { authorization: await idTokenOf(page) } });
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await served.body(), PNG)).toBe(0);
  expect((await request.get(saved!.floorplanImage!)).status()).toBe(401);
});

test('a floor plan that is not png or jpeg is refused in the form', async ({ page }) => {
  await signedInAs(page, 'admin');
  const locations = new AccountTreePage(page, '/app/accounts/locations', 'Locations');
  await locations.goto();
  await locations.expand('Northwind Health Network');
  await locations.action("Edit St. Mary's Hospital").click();
  // The top location's child: its visit duration is its own.
  await expect(locations.form().getByLabel('Visit duration (s)')).toBeEnabled();
  await locations.form().locator('input[type=file]').setInputFiles({ name: 'plan.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(locations.form().getByText('The floor plan must be a png or jpeg image')).toBeVisible();
});

test('the admin adds a profession and finds it by search, kept in the address', async ({ page }) => {
  await signedInAs(page, 'admin');
  const professions = new ProfessionsPage(page);
  await professions.goto();
  const name = `Wound Care ${unique()}`;
  await professions.add(name);
  await expect(page.getByText(`Profession: ${name} created successfully`)).toBeVisible();
  await professions.search().fill(name.toLowerCase());
  await expect(page).toHaveURL(/search=/);
  await expect(professions.table().getByRole('row')).toHaveCount(2);
  await expect(professions.table().getByRole('cell', { name: name.toUpperCase().replace(/ /g, '_') })).toBeVisible();
  // The same name again: the server's 409 message.
  await professions.add(name);
  await expect(page.getByText(/already exists/)).toBeVisible();
});

test('the organization tree shows each node’s account type; the PRO hospital manager cannot open it', async ({ page }) => {
  await signedInAs(page, 'admin');
  const organizations = new AccountTreePage(page, '/app/accounts/organizations', 'Organizations');
  await organizations.goto();
  await organizations.expand('Lavo', 'Northwind Health Network');
  await expect(organizations.node("St. Mary's Hospital").getByLabel('Account type PRO').first()).toBeVisible();
  await expect(organizations.node('Riverside General Hospital').getByLabel('Account type BASIC').first()).toBeVisible();
  await new Shell(page).signOut();

  await signedInAs(page, 'manager');
  const shell = new Shell(page);
  await expect(shell.navLink('Users')).toBeVisible();
  await expect(shell.navLink('Organizations')).toHaveCount(0);
  await expect(shell.navLink('Locations')).toHaveCount(0);
  await page.goto('/app/accounts/organizations');
  await expect(page).not.toHaveURL(/\/app\/accounts\/organizations/);
});
