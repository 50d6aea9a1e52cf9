import { expect, test } from '@playwright/test';
import type { Group, Organization } from '../../../server/src/contracts/entities';
import type { BootstrapResponse } from '../../../server/src/contracts/bootstrap';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';
import { AccountTreePage } from '../../pages/accounts-pages';
import { purposeGate } from '../../pages/purpose-gate';

// docs/PRIVACY.md 'Group-only units' and 'Retention': the provider's administrator makes a unit
// group-only and shortens its retention in Organizations → Edit → Privacy; the hospital's
// administrator then finds its people's figures by group only.

const PEDIATRICS = "St. Mary's Pediatrics";
const UNIT = 'Pediatrics – 2 West';

test('a unit made group-only keeps its people’s figures from the hospital’s administrator, by group only', async ({ page, browser, baseURL }) => {
  await signedInAs(page, 'admin');
  const api = apiAs(page.request, await idTokenOf(page));
  const { data: orgs } = await api.get<{ data: Organization[] }>('/organizations');
  const org = orgs.find((o) => o.name === PEDIATRICS)!;
  const restore = () =>
    api.post('/organizations', { id: org.id, parentId: org.parentId, name: org.name, type: org.type, accountType: org.accountType, settings: { ...org.settings, groupOnlyLocationIds: [] } });
  try {
    const organizations = new AccountTreePage(page, '/app/accounts/organizations', 'Organizations');
    await organizations.goto();
    await organizations.expand('Lavo', 'Northwind Health Network', "St. Mary's Hospital");
    await organizations.action(`Edit ${PEDIATRICS}`).click();
    const form = organizations.form();
    await form.getByRole('textbox', { name: /^Keep raw presence for \(days\)/ }).fill('200');
    await form.getByLabel('Group-only units').first().click();
    await page.getByRole('option', { name: UNIT, exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    const { data: groups } = await api.get<{ data: Group[] }>('/groups');
    expect(groups.find((g) => g.name === UNIT)?.groupOnly).toBe(true);
    expect((await api.get<{ data: Organization[] }>('/organizations')).data.find((o) => o.id === org.id)?.settings.retentionDays).toBe(200);

    // The hospital's administrator, on an upright iPad.
    const theirs = await browser.newContext({ baseURL, viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });
    try {
      const manager = await theirs.newPage();
      await signedInAs(manager, 'manager');
      const managerApi = apiAs(manager.request, await idTokenOf(manager));
      const { users } = await managerApi.get<BootstrapResponse>('/bootstrap?username=manager%40demo.health&loginType=WEB_APP');
      const unitId = groups.find((g) => g.name === UNIT)!.id;
      const person = users.find((u) => u.groupId === unitId)!;
      await manager.goto(`/app/reports/user-overview?userId=${person.id}`);
      await expect(manager.getByRole('alert').filter({ hasText: 'Group figures only' })).toBeVisible();
      await expect(manager.getByTestId('user-overview-name')).toHaveText(`User ${person.id}`);
      // No purpose is asked, and none of their figures shows.
      await expect(purposeGate(manager)).toHaveCount(0);
      await expect(manager.getByText('Opportunities')).toHaveCount(0);
    } finally {
      await theirs.close();
    }
  } finally {
    await restore();
  }
});
