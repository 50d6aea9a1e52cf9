import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointSpec } from '@contracts/endpoint';
import type { AccessLogRow } from '@contracts/privacy';
import { mainApi } from '@/lib/api-client';
import { PageTitleContext } from '@/lib/page-titles';
import { SessionProvider } from '@/lib/session-context';
import { catchDownloads } from '@/test/downloads';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { AccessLogSection } from './access-log-section';

// docs/PRIVACY.md 'Who viewed my data'.

const base = makeSession('nurse');
const session = {
  ...base,
  user: { ...base.user, groupId: 15 },
  bootstrap: { ...base.bootstrap, groups: [{ ...(base.bootstrap.groups[0] ?? {}), id: 15, timeZone: 'America/Los_Angeles' }] as typeof base.bootstrap.groups },
};

const row = (id: number, over: Partial<AccessLogRow> = {}): AccessLogRow => ({
  id,
  at: '2026-12-07T17:30:00.000Z',
  viewer: { id: 40 + id, name: `Viewer ${id}`, role: 'Charge Nurse · Registered Nurse' },
  page: '/app/reports/user-overview',
  purpose: 'COACHING',
  purposeNote: null,
  ...over,
});

const ALL = Array.from({ length: 23 }, (_, i) => row(100 - i, i === 0 ? { purpose: 'OTHER', purposeNote: 'Badge swap check', page: '/app/reports/activity-breakdown' } : {}));
let queries: Record<string, unknown>[] = [];
beforeEach(() => {
  queries = [];
  vi.spyOn(mainApi, 'call').mockImplementation(async (_spec: EndpointSpec, input: { query?: { take: number; startingAfter?: number } } = {}) => {
    const query = input.query ?? { take: 20 };
    queries.push(query);
    const after = query.startingAfter;
    const rest = after === undefined ? ALL : ALL.filter((r) => r.id < after);
    return { data: rest.slice(0, query.take), totalCount: ALL.length } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

const titles = (path: string) => ({ '/app/reports/user-overview': 'User Overview', '/app/reports/activity-breakdown': 'Activity Breakdown' })[path] ?? null;

function renderSection() {
  return render(
    <SessionProvider value={session}>
      <PageTitleContext.Provider value={titles}>
        <AccessLogSection />
      </PageTitleContext.Provider>
    </SessionProvider>,
  );
}

describe('Who viewed my data', () => {
  it('lists who read the person’s figures, when in their clock, on which page and why, newest first', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Who viewed my data' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Viewer 100');
    expect(first).toHaveTextContent('Activity Breakdown');
    expect(first).toHaveTextContent('Other: Badge swap check');
    expect(first).toHaveTextContent('9:30:00 AM PST');
    expect(screen.getByText(/Times are in Pacific Time/)).toBeInTheDocument();
  });

  it('reads the next rows after the last one shown', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Show more (20 of 23)' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Who viewed my data' })).getAllByRole('row')).toHaveLength(24));
    expect(queries.at(-1)).toEqual({ take: 20, startingAfter: 81 });
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('exports every row, not only those shown', async () => {
    const downloads = catchDownloads();
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const [file] = await downloads.saved();
    expect(file?.name).toMatch(/^Who_viewed_my_data_.*_Export\.csv$/);
    const text = file?.text ?? '';
    expect(text.trim().split('\n')).toHaveLength(1 + ALL.length);
    expect(text).toContain('When,Who,Role,Page,Why');
    expect(queries.at(-1)).toMatchObject({ take: 500 });
  });

  it('says when nobody else has opened the figures', async () => {
    vi.mocked(mainApi.call).mockResolvedValue({ data: [], totalCount: 0 } as never);
    renderSection();
    expect(await screen.findByText('Nobody else has opened your figures.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
