import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { SessionProvider } from '@/lib/session-context';
import { makeSession, testConfig } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render-with-router';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { ValidationLine } from './validation-line';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const query = { organizationIds: [], organizationIdFilters: [], groupIds: [6], groupIdFilters: [], professionId: undefined, startDate: '2026-12-01', endDate: '2026-12-07', view: 'loc' as const };
const kappa = { value: 0.62, low: 0.41, high: 0.84, n: 52 };
const validated = {
  month: '2026-12',
  units: 1,
  validated: [{ groupId: 6, name: 'ICU – 3 North', kappa, agreement: { value: 0.84, low: 0.72, high: 0.92, n: 52 }, matched: 52 }],
  words: 'Validated in December 2026: κ 0.62 (0.41 to 0.84), agreement 84 % of 52 matched opportunities',
};

describe('the validation line beside a report’s compliance', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
  });
  afterEach(() => fetchSpy.mockReset());

  it('says the server’s words for the report’s own filters, with the way to the audits for one who may open them', async () => {
    fetchSpy.mockResolvedValue(json(validated));
    await renderWithRouter(
      <SessionProvider value={makeSession({ subjects: ['PERFORMANCE', 'OBSERVATION_AUDITS'], accountType: 'PRO' })}>
        <ValidationLine query={query} />
      </SessionProvider>,
    );
    expect(await screen.findByRole('note', { name: 'Sensor validation' })).toHaveTextContent(validated.words);
    expect(screen.getByRole('link', { name: 'Observation audits' })).toHaveAttribute('href', '/app/reports/observation-audits');
    const url = new URL(String(fetchSpy.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toMatch(/\/audits\/validation\/summary$/);
    expect(url.searchParams.getAll('groupIds')).toEqual(['6']);
    expect(url.searchParams.get('endDate')).toBe('2026-12-07');
  });

  it('says a unit was not validated, without a link for one who may not open the audits', async () => {
    fetchSpy.mockResolvedValue(json({ month: '2026-12', units: 3, validated: [], words: 'Not validated in December 2026' }));
    await renderWithRouter(
      <SessionProvider value={makeSession({ subjects: ['PERFORMANCE'], accountType: 'PRO' })}>
        <ValidationLine query={query} />
      </SessionProvider>,
    );
    expect(await screen.findByRole('note', { name: 'Sensor validation' })).toHaveTextContent('Not validated in December 2026');
    expect(screen.queryByRole('link', { name: 'Observation audits' })).toBeNull();
  });
});
