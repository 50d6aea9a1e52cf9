import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { pagedRows, type PagedQuery, ShowMore } from './show-more';

const page = (ids: number[], totalCount: number) => ({ data: ids.map((id) => ({ id })), totalCount });

function query(patch: Partial<PagedQuery<{ id: number }>> = {}): PagedQuery<{ id: number }> {
  return {
    data: { pages: [page([5, 4], 5), page([3], 6)] },
    error: null,
    isPending: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(async () => undefined),
    ...patch,
  };
}

describe('pagedRows', () => {
  it('joins the pages read, counting the total of the first', () => {
    expect(pagedRows(query())).toEqual({ rows: [{ id: 5 }, { id: 4 }, { id: 3 }], total: 5 });
    expect(pagedRows({ data: undefined })).toEqual({ rows: [], total: 0 });
  });
});

describe('ShowMore', () => {
  it('says how many of the total show, and asks for the next page', async () => {
    const more = query();
    render(<ShowMore query={more} noun="events" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (3 of 5)' }));
    expect(more.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is a 44 px target, busy while the next page comes', () => {
    render(<ShowMore query={query({ isFetchingNextPage: true })} noun="events" />);
    const button = screen.getByRole('button', { name: /Show more/ });
    expect(button).toHaveAttribute('data-loading', 'true');
    // Mantine writes 44 px as rem: 2.75rem at the default 16 px.
    expect(button.style.getPropertyValue('min-height')).toBe('calc(2.75rem * var(--mantine-scale))');
  });

  it('shows nothing once every row is read', () => {
    render(<ShowMore query={query({ hasNextPage: false })} noun="events" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the next page did not come, and offers it again', () => {
    render(<ShowMore query={query({ isFetchNextPageError: true, error: new Error('Server unreachable') })} noun="disputes" />);
    expect(screen.getByRole('alert')).toHaveTextContent('More disputes could not be loaded: Server unreachable');
    expect(screen.getByRole('button', { name: 'Show more (3 of 5)' })).toBeEnabled();
  });
});
