import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { SEARCH_DEBOUNCE_MS, SearchInput } from './search-input';

function setup(value = '') {
  const onChange = vi.fn();
  const view = render(<SearchInput value={value} onChange={onChange} />);
  return { onChange, view, input: screen.getByRole('textbox', { name: 'Search' }) };
}

describe('SearchInput', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the final text once, 1000 ms after the last keystroke', () => {
    // A clock that moves only when the test moves it makes the timing checks exact.
    vi.useFakeTimers();
    const { onChange, input } = setup();
    for (const text of ['w', 'wa', 'war', 'ward']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    }
    expect(input).toHaveValue('ward');
    expect(onChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(99));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('ward');

    act(() => vi.advanceTimersByTime(5 * SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('reports typed text once after the delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onChange, input } = setup();
    await user.type(input, 'icu');
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('icu');
  });

  it('reports at once on Enter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onChange, input } = setup();
    await user.type(input, 'icu{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('icu');
    act(() => vi.advanceTimersByTime(2 * SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('clears the text and reports the empty search at once', async () => {
    const user = userEvent.setup();
    const { onChange, input } = setup('north');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('');
  });

  it('follows a new value from outside', () => {
    const { view, input } = setup('north');
    expect(input).toHaveValue('north');
    view.rerender(<SearchInput value="east" onChange={vi.fn()} />);
    expect(input).toHaveValue('east');
  });
});
