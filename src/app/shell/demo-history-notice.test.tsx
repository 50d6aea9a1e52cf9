import type { DemoHistoryStatus } from '@contracts/demo-history';
import { act, screen, waitFor } from '@testing-library/react';
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

import { DEMO_HISTORY_POLL_MS, demoHistoryKeys, demoHistoryQueryOptions } from '@/features/demo-history/api/get-demo-history';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';
import { DemoHistoryNotice, historyStage } from './demo-history-notice';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const writing = (daysDone: number): DemoHistoryStatus => ({ state: 'writing', daysDone, days: 60, events: daysDone * 15_000 });

describe('the demo history notice', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  /** The server's answers, one per call (the last one repeated). */
  let answers: DemoHistoryStatus[] = [];
  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
    fetchSpy.mockImplementation(async () => json(answers.length > 1 ? answers.shift() : answers[0]));
  });
  afterEach(() => fetchSpy.mockReset());

  it('says how far the history is written, with a labelled progress bar, until it is done', async () => {
    answers = [writing(12), done()];
    const { queryClient } = render(<DemoHistoryNotice />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Writing the demo history: 12 of 60 days. Reports show what is stored so far.');
    expect(screen.getByRole('progressbar', { name: 'Demo history written' })).toHaveAttribute('aria-valuenow', '20');
    expect(String(fetchSpy.mock.calls[0]?.[0])).toMatch(/\/api\/demo-history$/);

    // The next poll finds it written: the notice goes.
    await act(() => queryClient.refetchQueries({ queryKey: demoHistoryKeys.status }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('shows nothing when the history is written, or there is none, or the call fails', async () => {
    answers = [done()];
    const first = render(<DemoHistoryNotice />);
    await waitFor(() => expect(first.queryClient.getQueryData(demoHistoryKeys.status)).toEqual(done()));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    first.unmount();

    answers = [{ state: 'none', daysDone: 0, days: 0, events: 0 }];
    const second = render(<DemoHistoryNotice />);
    await waitFor(() => expect(second.queryClient.getQueryData(demoHistoryKeys.status)).toMatchObject({ state: 'none' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    second.unmount();

    fetchSpy.mockImplementation(async () => new Response('{}', { status: 500 }));
    const third = render(<DemoHistoryNotice />);
    await waitFor(() => expect(third.queryClient.getQueryState(demoHistoryKeys.status)?.status).toBe('error'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says once that the history stopped, asks the reports again, and can be closed', async () => {
    const user = userEvent.setup();
    answers = [writing(20), { state: 'failed', daysDone: 21, days: 60, events: 315_000 }];
    const { queryClient } = render(<DemoHistoryNotice />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByText(/: 20 of 60 days/);
    await act(() => queryClient.refetchQueries({ queryKey: demoHistoryKeys.status }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The demo history stopped at 21 of 60 days. Reports show the days stored; restarting the server resumes it.',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [REPORTS_KEY_ROOT] });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('has the reports asked again as each week of history is stored, and once it is complete', async () => {
    answers = [writing(5), writing(6), writing(7), writing(8), done()];
    const { queryClient } = render(<DemoHistoryNotice />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const next = async (daysDone: number | 'done') => {
      await act(() => queryClient.refetchQueries({ queryKey: demoHistoryKeys.status }));
      if (daysDone === 'done') await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      else await screen.findByText(new RegExp(`: ${daysDone} of 60 days`));
    };
    await screen.findByText(/: 5 of 60 days/);
    await next(6);
    expect(invalidate).not.toHaveBeenCalled();
    await next(7);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: [REPORTS_KEY_ROOT] });
    await next(8);
    expect(invalidate).toHaveBeenCalledTimes(1);
    await next('done');
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(historyStage(undefined)).toBeNull();
    expect(historyStage({ state: 'none', daysDone: 0, days: 0, events: 0 })).toBeNull();
  });

  it('is asked again every few seconds only while the history is being written', () => {
    const { refetchInterval, staleTime } = demoHistoryQueryOptions();
    const query = (data: DemoHistoryStatus) => ({ state: { data } }) as never;
    if (typeof refetchInterval !== 'function' || typeof staleTime !== 'function') throw new Error('expected functions of the answer');
    expect(refetchInterval(query(writing(3)))).toBe(DEMO_HISTORY_POLL_MS);
    expect(refetchInterval(query(done()))).toBe(false);
    expect(refetchInterval(query({ ...writing(3), state: 'failed' }))).toBe(false);
    expect(staleTime(query(writing(3)))).toBe(0);
    expect(staleTime(query(done()))).toBe(Infinity);
  });
});

function done(): DemoHistoryStatus {
  return { state: 'done', daysDone: 60, days: 60, events: 931_583 };
}
