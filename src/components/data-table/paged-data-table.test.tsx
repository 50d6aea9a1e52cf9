import { Notifications } from '@mantine/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextAfterLastId } from '@/lib/fetch-all-pages';
import { catchDownloads } from '@/test/downloads';
import { render } from '@/test/render';
import type { DataColumn } from './data-table';
import { PagedDataTable } from './paged-data-table';

interface Visit {
  id: number;
  room: string;
}

const ALL: Visit[] = Array.from({ length: 23 }, (_, i) => ({ id: 100 - i, room: `Room ${100 - i}` }));
const columns: DataColumn<Visit>[] = [
  { key: 'room', header: 'Room', value: (v) => v.room, sortable: false },
  { key: 'id', header: 'Id', value: (v) => v.id, sortable: false, exportable: false },
];

let failAfter: number | null = null;
const asked: (number | undefined)[] = [];
/** The server: `take` visits after the id `startingAfter`, newest first, with the total. */
async function visitsAfter(take: number, startingAfter?: number) {
  asked.push(startingAfter);
  if (startingAfter !== undefined && startingAfter === failAfter) throw new Error('Server unreachable');
  const rest = startingAfter === undefined ? ALL : ALL.filter((v) => v.id < startingAfter);
  return { data: rest.slice(0, take), totalCount: ALL.length };
}

function Visits({ rows = ALL, fetchAll }: { rows?: Visit[]; fetchAll?: () => Promise<Visit[]> }) {
  const query = useInfiniteQuery({
    queryKey: ['visits', rows.length],
    queryFn: ({ pageParam }) => (rows.length ? visitsAfter(20, pageParam) : Promise.resolve({ data: [], totalCount: 0 })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextAfterLastId,
  });
  return (
    <PagedDataTable
      label="Room visits"
      columns={columns}
      query={query}
      take={20}
      fetchAll={fetchAll ?? (async () => ALL)}
      exportFailed="The visits could not be exported."
      noun="visits"
      rowKey={(v) => v.id}
      emptyText="No visits."
    />
  );
}

const renderVisits = (props: Parameters<typeof Visits>[0] = {}) =>
  render(
    <>
      <Notifications />
      <Visits {...props} />
    </>,
  );
const table = () => screen.findByRole('table', { name: 'Room visits' });
const bodyRows = async () => within(await table()).getAllByRole('row').slice(1);

beforeEach(() => {
  failAfter = null;
  asked.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('PagedDataTable', () => {
  it('shows every row read on one page, and the next after the last one shown until the total is read', async () => {
    renderVisits();
    await waitFor(async () => expect(await bodyRows()).toHaveLength(20));
    expect(screen.queryByRole('navigation', { name: 'Room visits pages' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more (20 of 23)' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(23));
    expect(asked).toEqual([undefined, 81]);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('keeps the rows read when the next page fails, says why, and asks again', async () => {
    failAfter = 81;
    renderVisits();
    await userEvent.click(await screen.findByRole('button', { name: 'Show more (20 of 23)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More visits could not be loaded: Server unreachable');
    expect(await bodyRows()).toHaveLength(20);
    failAfter = null;
    await userEvent.click(screen.getByRole('button', { name: 'Show more (20 of 23)' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(23));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('exports every row of every page, with the exportable columns, named after the table', async () => {
    const downloads = catchDownloads();
    renderVisits();
    await waitFor(async () => expect(await bodyRows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const [file] = await downloads.saved();
    expect(file?.name).toMatch(/^Room_visits_.*_Export\.csv$/);
    expect(file?.text.trim().split(/\r?\n/)).toEqual(['Room', ...ALL.map((v) => v.room)]);
  });

  it('says when the export fails', async () => {
    renderVisits({ fetchAll: () => Promise.reject(new Error('Too many requests')) });
    await waitFor(async () => expect(await bodyRows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The visits could not be exported.')).toBeInTheDocument();
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
  });

  it('has nothing to export or show more of when no row matches', async () => {
    renderVisits({ rows: [] });
    expect(await within(await table()).findByText('No visits.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });
});
