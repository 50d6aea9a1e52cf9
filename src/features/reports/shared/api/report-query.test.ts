import { complianceEndpoints, handwashEndpoints } from '@contracts/reports/compliance';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { reportKeys, reportQueryOptions } from './report-query';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('report queries', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
  });
  afterEach(() => fetchSpy.mockReset());

  const query = {
    organizationIds: [3, 5],
    organizationIdFilters: [],
    groupIds: [],
    groupIdFilters: [8],
    professionId: undefined,
    startDate: '2024-03-01',
    endDate: '2024-03-07',
    view: 'org' as const,
  };

  it('keys an answer by the call’s path without its leading slash and by its query', () => {
    expect(reportQueryOptions(handwashEndpoints.overviewStats, query).queryKey).toEqual(['reports', 'dispensers/handwash/overview-stats', query]);
    expect(reportKeys.call(complianceEndpoints.report, query)).toEqual(['reports', 'compliance/report', query]);
  });

  it('sends lists as repeated keys and flags as text, and checks the answer against the endpoint', async () => {
    const body = { series: [], disputes: { disputed: 0, excluded: 0 } };
    fetchSpy.mockResolvedValue(json(body));
    const client = new QueryClient();
    const answer = await client.fetchQuery(reportQueryOptions(complianceEndpoints.report, { ...query, userIds: [7], metric: 'average', split: true }));
    expect(answer).toEqual(body);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(
      `${testConfig.apiBaseUrl}/compliance/report?organizationIds=3&organizationIds=5&groupIdFilters=8&startDate=2024-03-01&endDate=2024-03-07&view=org&userIds=7&metric=average&split=true`,
    );
    expect(init?.method).toBe('GET');

    fetchSpy.mockResolvedValue(json({ trend: 'not a trend' }));
    await expect(client.fetchQuery(reportQueryOptions(complianceEndpoints.trend, query))).rejects.toThrow();
  });
});
