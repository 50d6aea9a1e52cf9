import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { testConfig } from '@/test/fixtures';
import { render } from '@/test/render';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { CdiffRooms } from './cdiff-rooms';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const room = (zoneId: number) => ({ zoneId, name: `Room ${String(zoneId).padStart(2, '0')}`, groupId: 6, compliantVisits: 1, totalVisits: 2, soapCompliance: 0.5 });
/** The demo's 19 rooms, answered 15 at a time after the cursor, as the server pages them. */
function answerRooms(url: URL) {
  const after = Number(url.searchParams.get('startingAfter') ?? 0);
  const take = Number(url.searchParams.get('take'));
  const all = Array.from({ length: 19 }, (_, i) => room(i + 1));
  return json({ data: all.filter((r) => r.zoneId > after).slice(0, take), totalCount: all.length });
}

const filter = { groupIds: [6, 7], zoneIds: [], startDate: '2026-11-20', endDate: '2026-11-26', search: 'north "wing"' };

describe('the C. diff room list', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const calls = () => fetchSpy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
  });
  afterEach(() => fetchSpy.mockReset());

  it('loads 15 rooms, then the next ones after the last room while more exist', async () => {
    fetchSpy.mockImplementation(async (input) => answerRooms(new URL(String(input), 'http://localhost')));
    render(<CdiffRooms filter={filter} onOpen={() => {}} />);
    expect(await screen.findByText('15 of 19 rooms loaded')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(16);
    expect(screen.getByTestId('cdiff-status')).toHaveTextContent(/^Status as of .+/);
    const first = calls()[0]!;
    expect(first.pathname).toMatch(/\/zones\/cdiff$/);
    expect(first.searchParams.get('take')).toBe('15');
    expect(first.searchParams.getAll('search[]')).toEqual(['name~"north"', 'name~"\\"wing\\""']);
    expect(first.searchParams.getAll('groupIds')).toEqual(['6', '7']);
    expect(first.searchParams.has('startingAfter')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Load more rooms' }));
    expect(await screen.findByText('19 of 19 rooms loaded')).toBeInTheDocument();
    expect(calls().at(-1)?.searchParams.get('startingAfter')).toBe('15');
    expect(screen.getAllByRole('row')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Load more rooms' })).not.toBeInTheDocument();
  }, 20_000);

  it('opens a room from its Details button', async () => {
    fetchSpy.mockImplementation(async (input) => answerRooms(new URL(String(input), 'http://localhost')));
    const onOpen = vi.fn();
    render(<CdiffRooms filter={filter} onOpen={onOpen} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Room 03' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ zoneId: 3, name: 'Room 03' }));
  });

  it('logs a failure as "Failed to fetch data" and says so quietly in place of the list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchSpy.mockImplementation(async () => new Response(JSON.stringify({ message: 'boom' }), { status: 500 }));
    render(<CdiffRooms filter={filter} onOpen={() => {}} />);
    expect(await screen.findByText('The C. diff rooms could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch data', expect.anything());
    fetchSpy.mockImplementation(async (input) => answerRooms(new URL(String(input), 'http://localhost')));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('15 of 19 rooms loaded')).toBeInTheDocument());
    logged.mockRestore();
  });
});
