import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointSpec } from '@contracts/endpoint';
import type { OwnPast } from '@contracts/reports/own-past';
import { ApiError, mainApi } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { statedFor } from '@/test/purposes';
import { render } from '@/test/render';
import { staticDataOf } from '@/test/render-with-router';
import { reportSearchSchema } from '../filters/report-search';
import { OwnPastSection } from './own-past-section';
import UserOverviewPage from './user-overview-page';

// docs/SCREENS.md 'User Overview', docs/PRIVACY.md 'Feedback against one's own past': one's own
// weeks, best week and goal, on one's own overview only, and the goal set there.

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const week = (monday: string, compliantEvents: number, opportunities: number, end?: string) => ({
  week: monday,
  end: end ?? monday,
  opportunities,
  compliantEvents,
  complianceTotal: opportunities === 0 ? null : compliantEvents / opportunities,
});
const MONDAYS = ['2024-12-23', '2024-12-30', '2025-01-06', '2025-01-13', '2025-01-20', '2025-01-27', '2025-02-03', '2025-02-10', '2025-02-17', '2025-02-24', '2025-03-03', '2025-03-10'];
const FIGURES: Record<string, [number, number]> = { '2025-01-06': [2, 2], '2025-02-17': [4, 4], '2025-02-24': [1, 2], '2025-03-03': [3, 4], '2025-03-10': [1, 2] };
const PAST: OwnPast = {
  weeks: MONDAYS.map((m) => week(m, ...(FIGURES[m] ?? [0, 0]))),
  bestWeek: week('2025-02-17', 4, 4),
  earlierWeeks: { opportunities: 12, compliantEvents: 10, complianceTotal: 10 / 12 },
  change: 0.5 - 10 / 12,
  goalPercent: null,
};

let past: OwnPast;
let calls: { path: string; method: string; query?: unknown; body?: unknown }[];
let refuseGoal: Error | null;

beforeEach(() => {
  past = structuredClone(PAST);
  calls = [];
  refuseGoal = null;
  vi.spyOn(mainApi, 'call').mockImplementation((async (spec: EndpointSpec, input: { query?: unknown; body?: unknown } = {}) => {
    calls.push({ path: spec.path, method: spec.method, query: input.query, body: input.body });
    switch (spec.path) {
      case '/compliance/own-past':
        return past;
      case '/compliance/own-goal': {
        if (refuseGoal) throw refuseGoal;
        past = { ...past, goalPercent: (input.body as { goalPercent: number | null }).goalPercent };
        return { goalPercent: past.goalPercent };
      }
      case '/privacy/purposes':
        return statedFor(31);
      case '/compliance/user/dashboard':
        return DASHBOARD;
      case '/compliance/breakdowns':
        return { eventTypes: [], washTypes: [] };
      case '/trust/wearer':
        return TRUST;
      case '/compliance/user/own-opportunities':
        return { doors: [], hygiene: [] };
      default:
        throw new Error(`unexpected call ${spec.method} ${spec.path}`);
    }
  }) as never);
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

const renderSection = () =>
  render(
    <SessionProvider value={makeSession('nurse')}>
      <OwnPastSection />
    </SessionProvider>,
  );

describe('against your own past', () => {
  it('shows her weeks, her best week and this week against her own earlier weeks, asking for nobody but her', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Against your own past' });
    expect(section).toHaveTextContent('Weeks start Monday (UTC)');
    expect(await within(section).findByTestId('own-this-week')).toHaveTextContent('This week50%Your average of the 11 weeks before: 83% (\u221233 pts)');
    expect(within(section).getByTestId('own-best-week')).toHaveTextContent('Your best week100%Week of Feb 17 (4 of 4)');
    expect(within(section).getByTestId('own-goal')).toHaveTextContent('Your goalNot setSet one below: only you see it.');
    // The chart's weeks in words, for a screen reader.
    const weeks = within(section).getAllByRole('listitem');
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toHaveTextContent('Week of Dec 23: no opportunities');
    expect(weeks[10]).toHaveTextContent('Week of Mar 3: 75% (3 of 4)');
    // Her own, and no one else's: the call names no person, and nothing ranks or compares her.
    expect(calls).toEqual([{ path: '/compliance/own-past', method: 'GET', query: {}, body: undefined }]);
    expect(section).not.toHaveTextContent(/rank|colleague|team|top 10/i);
  });

  it('sets her goal, says it was saved and draws against it, and clears it', async () => {
    renderSection();
    const input = await screen.findByRole('textbox', { name: 'Your goal (%)' });
    const save = screen.getByRole('button', { name: 'Save goal' });
    expect(save).toBeDisabled();
    await userEvent.type(input, '85');
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: your goal is 85%.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ path: '/compliance/own-goal', method: 'PUT', query: undefined, body: { goalPercent: 85 } }]);
    await waitFor(() => expect(screen.getByTestId('own-goal')).toHaveTextContent('Your goal85%35 points to go this week.'));
    expect(screen.getByRole('img', { name: 'Your weekly compliance, percent, over the last 12 weeks, with your goal of 85%' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear goal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your goal was cleared.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ goalPercent: null });
    await waitFor(() => expect(screen.getByTestId('own-goal')).toHaveTextContent('Not set'));
  });

  it('says a goal out of range as it is typed, and the server’s refusal when it is not saved', async () => {
    renderSection();
    const input = await screen.findByRole('textbox', { name: 'Your goal (%)' });
    await userEvent.type(input, '150');
    expect(screen.getByText('Your goal must be a whole number from 1 to 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save goal' })).toBeDisabled();
    refuseGoal = new ApiError(400, 'must be a whole number from 1 to 100 (body/goalPercent)', {});
    await userEvent.clear(input);
    await userEvent.type(input, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByTestId('own-goal-error')).toHaveTextContent('Your goal was not saved');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('own-goal')).toHaveTextContent('Not set');
  });

  it('says setting the goal needs a connection, offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    past = { ...past, goalPercent: 80 };
    renderSection();
    expect(await screen.findByTestId('own-goal-offline')).toHaveTextContent('Setting your goal needs a connection');
    // Her weeks and goal still read from what the device holds.
    expect(screen.getByTestId('own-goal')).toHaveTextContent('Your goal80%');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Your goal (%)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your goal (%)' }), '85');
    expect(screen.getByRole('button', { name: 'Save goal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear goal' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('the User Overview', () => {
  const PATH = '/app/reports/user-overview';
  async function renderPage(search: string) {
    const root = createRootRoute({ component: Outlet });
    const page = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: reportSearchSchema, staticData: staticDataOf(PATH), component: () => <UserOverviewPage entry={{ title: 'User Overview' }} /> });
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [`${PATH}?${search}`] }) });
    render(
      <SessionProvider value={makeSession('manager')}>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    await router.load();
  }

  it('shows one’s own past on one’s own overview', async () => {
    await renderPage('date=2025-03-12');
    expect(await screen.findByRole('region', { name: 'Against your own past' })).toBeInTheDocument();
  });

  it('shows no past and asks for none on someone else’s overview', async () => {
    await renderPage('userId=31&date=2025-03-12');
    expect(await screen.findByRole('region', { name: 'My Compliance' })).toBeInTheDocument();
    // Every stage drawn: wearable usage is the last.
    expect(await screen.findByText('Wearable Usage')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Against your own past' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/compliance/own-past')).toBe(false);
  });
});

const stat = (value: number | null) => ({ value, delta: null });
const DASHBOARD = {
  complianceTotal: stat(0.5),
  opportunities: stat(2),
  compliantEvents: stat(1),
  washCount: stat(1),
  washAverage: stat(null),
  trend: [],
  washTypeBreakdown: [],
  reminderBreakdown: [],
  usageDuration: 0,
  assignedWearables: 1,
  visitAverage: null,
  visitCount: 0,
  bedVisits: 0,
  steps: null,
  distance: null,
  calories: null,
};
const TRUST = { level: null, label: 'No devices to judge', rule: 'No devices to judge in this range', locationDays: { high: 0, medium: 0, low: 0 }, reasons: [], moreReasons: 0, days: [] };
