import { DEVICE_CATALOGUE, NOT_COLLECTED, PRIVACY_RULES } from '@contracts/data-catalogue';
import type { Group, Organization } from '@contracts/entities';
import type { EndpointSpec } from '@contracts/endpoint';
import { privacyEndpoints, type PrivacyDescription } from '@contracts/privacy';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, mainApi } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { privacyDescriptionSearchSchema } from '../privacy-description-search';
import PrivacyDescriptionPage from './privacy-description-page';

const PATH = '/app/accounts/privacy-description';
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ward: Group = {
  id: 6, parentId: null, organizationId: 2, name: 'ICU – 3 North', type: 'UNIT', address: null, timeZone: 'US/Pacific', floorplanImage: null, shiftLengthHours: 12,
  requiredHandWashDuration: 20, requiredVisitDuration: 30, beforeEntrySecondsToComply: 60, afterEntrySecondsToComply: 60,
  beforeExitSecondsToComply: 60, afterExitSecondsToComply: 60, mapScale: null, groupOnly: true, accessible: true,
};

const settings = { defaultLocationId: null, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 };
const organization = (id: number, name: string, accessible = true): Organization => ({ id, name, parentId: 1, type: 'HOSPITAL', accountType: 'PRO', settings, accessible });

const session = (() => {
  const base = makeSession('manager', { groupId: 6 });
  const organizations = [organization(2, 'Test Hospital'), organization(3, 'Harbor Clinic'), organization(9, 'Elsewhere', false)];
  return { ...base, bootstrap: { ...base.bootstrap, groups: [ward], organizations } };
})();

function describing(id: number, name: string): PrivacyDescription {
  return {
    organization: { id, name },
    generatedAt: '2026-03-03T10:05:00.000Z',
    settings: { retentionDays: 120, retentionSetBy: { id: 1, name: 'Northwind Health Network' }, noLeaderboards: true, noLeaderboardsSetBy: { id, name } },
    organizationsBelow: [{ id: 5, name: 'Test ICU', retentionDays: 45, noLeaderboards: true }],
    groupOnlyUnits: [{ id: 6, name: 'ICU – 3 North', organizationName: name }],
    privateZones: [{ id: 40, name: 'Staff breakroom', locationId: 6, locationName: 'ICU – 3 North' }],
    devices: [{ kind: 'WRISTBAND', label: DEVICE_CATALOGUE.WRISTBAND.label, count: 12, models: [{ name: 'Zephyr', count: 12 }], collects: [...DEVICE_CATALOGUE.WRISTBAND.collects] }],
    notCollected: [...NOT_COLLECTED],
    storedEvents: [
      { kind: 'PRESENCE', label: 'Room presence', what: 'A wearer entering or leaving a room', keeping: 'RETENTION', keptDays: 120 },
      { kind: 'HYGIENE', label: 'Hand-hygiene events', what: 'A wash credited to a wearer', keeping: 'KEPT', keptDays: null },
    ],
    templates: [{ id: 2, name: 'Hospital Administrator', description: 'All reports and account management', users: 3, grants: ['Compliance Report', 'Audit Trail'], subjects: ['COMPLIANCE', 'AUDIT_TRAIL'] }],
    purposes: [
      { purpose: 'COACHING', label: 'Coaching and feedback' },
      { purpose: 'OTHER', label: 'Other' },
    ],
    rules: { ...PRIVACY_RULES },
  };
}

let calls: Record<string, unknown>[] = [];
let refuse = false;
beforeEach(() => {
  calls = [];
  refuse = false;
  vi.spyOn(mainApi, 'call').mockImplementation(async (spec: EndpointSpec, input: { query?: unknown }) => {
    if (spec.path !== privacyEndpoints.description.path) throw new Error(`unexpected call to ${spec.path}`);
    const query = input.query as { organizationId: number };
    calls.push(query);
    if (refuse) throw new ApiError(404, 'Organization not found', { message: 'Organization not found' });
    return describing(query.organizationId, query.organizationId === 3 ? 'Harbor Clinic' : 'Test Hospital') as never;
  });
});
afterEach(() => vi.restoreAllMocks());

async function renderPage(search = '') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: privacyDescriptionSearchSchema, component: () => <PrivacyDescriptionPage entry={{ title: 'Privacy Description' }} /> });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [`${PATH}${search}`] }) });
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  await router.load();
  return router;
}

const document = () => screen.findByRole('article', { name: /^Privacy description: / });

describe('the Privacy Description page', () => {
  it('describes the caller’s organization as the server states it, in sections, its time in the viewer’s clock', async () => {
    await renderPage();
    const doc = await document();
    expect(calls).toEqual([{ organizationId: 2 }]);
    expect(within(doc).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '1. The organization and its privacy settings',
      '2. Devices and what they collect',
      '3. What is stored and for how long',
      '4. Who can see what',
      '5. Purposes',
      '6. Who viewed my data and the audit trail',
    ]);
    expect(doc).toHaveTextContent('Mar 3, 2026, 2:05:00 AM PST (Pacific Time)');
    expect(doc).toHaveTextContent('kept for 120 days, as Northwind Health Network sets it');
    expect(doc).toHaveTextContent('Test ICU: raw presence kept 45 days; no leaderboards');
    expect(within(doc).getByText('ICU – 3 North (Test Hospital)')).toBeInTheDocument();
    expect(within(doc).getByText('Staff breakroom, ICU – 3 North')).toBeInTheDocument();
    expect(within(doc).getByText(`${DEVICE_CATALOGUE.WRISTBAND.label}: 12`)).toBeInTheDocument();
    expect(within(doc).getByText('Zephyr (12)')).toBeInTheDocument();
    for (const line of DEVICE_CATALOGUE.WRISTBAND.collects) expect(within(doc).getByText(line)).toBeInTheDocument();
    expect(within(doc).getByText('No audio and no video')).toBeInTheDocument();
    const stored = within(doc).getByRole('table', { name: 'Stored data' });
    expect(within(within(stored).getByText('Room presence').closest('tr') as HTMLElement).getByText('120 days')).toBeInTheDocument();
    expect(within(within(stored).getByText('Hand-hygiene events').closest('tr') as HTMLElement).getByText('Kept')).toBeInTheDocument();
    expect(within(doc).getByText('Hospital Administrator: 3 people')).toBeInTheDocument();
    expect(within(doc).getByText('Opens: Compliance Report, Audit Trail')).toBeInTheDocument();
    expect(within(doc).getByText('Coaching and feedback')).toBeInTheDocument();
    expect(within(doc).getByText(PRIVACY_RULES.accessLog)).toBeInTheDocument();
    expect(within(doc).getByText(PRIVACY_RULES.auditTrail)).toBeInTheDocument();
  });

  it('prints with the browser’s print, the controls left out of the printout', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderPage();
    await document();
    const button = screen.getByRole('button', { name: 'Print' });
    expect(button.closest('[data-print="hide"]')).not.toBeNull();
    expect(screen.getByRole('combobox', { name: 'Organization' }).closest('[data-print="hide"]')).not.toBeNull();
    await userEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('describes another organization the caller may see when chosen, keeping it in the address; one they may not see is not offered', async () => {
    const router = await renderPage();
    await document();
    await userEvent.click(screen.getByRole('combobox', { name: 'Organization' }));
    expect(screen.queryByRole('option', { name: 'Elsewhere' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Clinic' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ organizationId: 3 }));
    expect(await screen.findByRole('article', { name: 'Privacy description: Harbor Clinic' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ organizationId: 3 });
  });

  it('falls back to the caller’s organization for an address naming one they may not see, and says why a refused description is missing', async () => {
    refuse = true;
    await renderPage('?organizationId=9');
    expect(await screen.findByText('The description could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Organization not found')).toBeInTheDocument();
    expect(calls).toEqual([{ organizationId: 2 }]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
