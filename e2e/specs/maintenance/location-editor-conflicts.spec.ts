import { expect, test } from '@playwright/test';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { idTokenFor, signedInAs } from '../../fixtures/session';
import { PATH, canvas, closed, entitiesOf, indicator, newMac, tapPlan } from '../../pages/location-editor-page';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The Location Editor's conflicts on a ward tablet: an edit made offline meets one a colleague made
// online meanwhile, and the technician decides in the Review dialog. Both tests work in PICU – 2
// East (no other browser test reads its devices). Side by side they met on one beacon: the rename
// test's last placed beacon was the replacement test's first, and the rename moved its version
// under the colleague's save. So they run one after the other, in one worker.
test.describe.configure({ mode: 'default' });

const UNIT = 14; // PICU – 2 East

test.describe('a rename made offline', () => {
  test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

  test('that meets a rename made online meanwhile is kept over the server’s when asked, and leaves the outbox', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await signedInAs(page, 'tech', `${PATH}?groupId=${UNIT}`);
    const api = apiAs(request, await idTokenOf(page));
    const admin = apiAs(request, await idTokenFor(page, 'admin'));
    // The last placed beacon: the replacement test below takes the first.
    const beacon = (await entitiesOf(api, UNIT)).devices.findLast((d) => d.type === 'BEACON' && !d.staged && d.x !== null && d.y !== null);
    if (!beacon) throw new Error('no placed beacon in the unit');
    await expect(canvas(page)).toBeVisible();
    await serviceWorkerInControl(page);
    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Offline, the technician renames the beacon and saves.
    const tag = newMac().slice(-5);
    const [mine, theirs] = [`Bay ${tag} (tech)`, `Bay ${tag} (admin)`];
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).tap();
    await tapPlan(page, beacon.x ?? 0, beacon.y ?? 0);
    const dialog = page.getByRole('dialog', { name: 'Edit device' });
    await dialog.getByLabel('Name').fill(mine);
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await closed(page, dialog);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');

    // Meanwhile an administrator, online, renames the same beacon.
    const { id, version, mac, x, y, modelId, firmwareVersionId, role, physicalRole, zoneId } = beacon;
    await admin.post(`/groups/editor?groupId=${UNIT}`, [
      { entityType: 'DEVICE', id, baseVersion: version, mac, name: theirs, type: 'BEACON', groupId: UNIT, modelId, firmwareVersionId, role, physicalRole, zoneId, x, y, active: true, publish: true },
    ]);

    // Back online the save is refused as a conflict, and shown beside the server's version.
    await context.setOffline(false);
    await expect(indicator(page)).toHaveText('1 not accepted');
    await page.getByRole('button', { name: 'Review' }).tap();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await expect(conflict).toContainText(`Name: ${mine}`);
    await expect(conflict).toContainText(`Name: ${theirs}`);
    await conflict.getByRole('button', { name: 'Keep mine' }).tap();

    // Keep mine applies the rename over the administrator's, once, and the outbox is empty.
    await expect(conflict).toHaveCount(0);
    await expect(indicator(page)).toHaveText('Online');
    await expect.poll(async () => (await entitiesOf(api, UNIT)).devices.find((d) => d.id === id)?.name).toBe(mine);
    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await expect(indicator(page)).toHaveText('Online');
    await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);
    expect((await entitiesOf(api, UNIT)).devices.filter((d) => d.mac === mac)).toEqual([expect.objectContaining({ id, name: mine })]);
  });
});

test.describe('a replacement made offline', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });

  test('that meets a replacement made online meanwhile shows both, and takes the server’s when asked', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await signedInAs(page, 'tech');
    const api = apiAs(request, await idTokenOf(page));
    const before = await entitiesOf(api, UNIT);
    const old = before.devices.find((d) => d.type === 'BEACON' && !d.staged && d.x !== null && d.y !== null);
    if (!old) throw new Error('no placed beacon in the unit');
    // Two spare beacons, live in the unit and not placed: one for each replacement.
    const [mine, theirs] = [newMac(), newMac()];
    const spare = (mac: string) => ({ entityType: 'DEVICE', mac, name: `Spare ${mac.slice(-5)}`, type: 'BEACON', groupId: UNIT, modelId: old.modelId, active: true, publish: true });
    await api.post(`/groups/editor?groupId=${UNIT}`, [spare(mine), spare(theirs)]);

    await page.goto(`${PATH}?groupId=${UNIT}`);
    await expect(canvas(page)).toBeVisible();
    await serviceWorkerInControl(page);
    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Offline, the technician swaps the beacon for their spare.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).tap();
    await tapPlan(page, old.x ?? 0, old.y ?? 0);
    const dialog = page.getByRole('dialog', { name: 'Edit device' });
    await dialog.getByRole('button', { name: 'Change MAC' }).tap();
    await dialog.getByLabel('MAC address').fill(mine);
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');

    // Meanwhile a colleague, online, swaps the same beacon for the other spare.
    const { id, version, x, y, name, modelId, firmwareVersionId, role, physicalRole, zoneId } = old;
    await api.post(`/groups/editor?groupId=${UNIT}`, [
      { entityType: 'DEVICE', id, baseVersion: version, mac: theirs, name, type: 'BEACON', groupId: UNIT, modelId, firmwareVersionId, role, physicalRole, zoneId, x, y, active: true, publish: true },
    ]);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Review' }).tap();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await expect(conflict).toContainText(`MAC: ${mine}`);
    await expect(conflict).toContainText('Replaced or removed by someone else');
    await expect(conflict.getByRole('button', { name: 'Keep mine' })).toBeDisabled();
    await conflict.getByRole('button', { name: 'Take the server’s' }).tap();
    await expect(conflict).toHaveCount(0);
    await expect(indicator(page)).toHaveText('Online');

    const after = await entitiesOf(api, UNIT);
    expect(after.devices.find((d) => d.mac === theirs)).toMatchObject({ x, y, name });
    expect(after.devices.find((d) => d.mac === mine)).toMatchObject({ x: null, y: null });
    expect(after.devices.some((d) => d.id === id)).toBe(false);
  });
});
