import type { ClientError } from '@contracts/client-errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { ClientErrorList, type ClientErrorListProps } from './client-error-list';

const report = (over: Partial<ClientError> = {}): ClientError => ({
  id: 7,
  at: '2026-12-01T20:14:03.000Z',
  kind: 'render',
  release: '0.1.0+3f2c9a1b7d04',
  route: '/app/reports/overview',
  message: "TypeError: Cannot read properties of undefined (reading 'map')",
  stack: 'TypeError: Cannot read properties of undefined\n    at Overview (overview-page.tsx:12:7)',
  userId: 12,
  userAgent: 'Mozilla/5.0 (iPad)',
  ...over,
});

function renderList(props: Partial<ClientErrorListProps> = {}) {
  const handlers = { onRefresh: vi.fn(), onMore: vi.fn() };
  render(<ClientErrorList errors={[]} loading={false} error={null} refreshing={false} hasMore={false} loadingMore={false} {...handlers} {...props} />);
  return handlers;
}

describe('the client errors of Server Logs', () => {
  it('shows each report’s kind, time on a named clock, message, page, release and user, its stack folded until asked for', async () => {
    renderList({ errors: [report(), report({ id: 6, kind: 'rejection', userId: null, stack: null, message: 'Error: before sign-in' })] });
    const [first, second] = screen.getAllByTestId('client-error');
    const one = within(first!);
    expect(one.getByText('Render')).toBeInTheDocument();
    expect(one.getByText('Dec 1, 2026, 8:14:03 PM UTC')).toBeInTheDocument();
    expect(one.getByText("TypeError: Cannot read properties of undefined (reading 'map')")).toBeInTheDocument();
    expect(one.getByText('/app/reports/overview')).toBeInTheDocument();
    expect(one.getByText('0.1.0+3f2c9a1b7d04')).toBeInTheDocument();
    expect(first).toHaveTextContent('User id 12');
    expect(one.queryByLabelText('Stack')).not.toBeInTheDocument();
    const toggle = one.getByRole('button', { name: 'Show stack' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(one.getByLabelText('Stack')).toHaveTextContent('at Overview (overview-page.tsx:12:7)');
    expect(one.getByRole('button', { name: 'Hide stack' })).toHaveAttribute('aria-expanded', 'true');

    const two = within(second!);
    expect(two.getByText('Unhandled rejection')).toBeInTheDocument();
    expect(second).toHaveTextContent('User id none (before sign-in)');
    expect(two.getByText('No stack')).toBeInTheDocument();
  });

  it('offers older reports and a refresh', async () => {
    const { onMore, onRefresh } = renderList({ errors: [report()], hasMore: true });
    await userEvent.click(screen.getByRole('button', { name: 'Show older errors' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onMore).toHaveBeenCalledTimes(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('says when there is nothing, and why nothing could be loaded', () => {
    renderList();
    expect(screen.getByText('No client errors have been reported.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older errors' })).not.toBeInTheDocument();
  });

  it('shows a refusal of the server', () => {
    renderList({ error: new Error("This page is for the provider's employees only") });
    expect(screen.getByText("This page is for the provider's employees only")).toBeInTheDocument();
  });
});
