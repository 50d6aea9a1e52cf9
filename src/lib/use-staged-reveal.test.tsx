import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStagedReveal } from './use-staged-reveal';

function Sections({ count }: { count: number }) {
  const shown = useStagedReveal(count);
  return (
    <ol>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>section {i + 1}</li>
      ))}
    </ol>
  );
}

describe('useStagedReveal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first section at once and one more per task until all are shown', async () => {
    render(<Sections count={3} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['section 1', 'section 2', 'section 3']);
    // Nothing more is scheduled once every section shows.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows more sections than asked for', () => {
    render(<Sections count={1} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
