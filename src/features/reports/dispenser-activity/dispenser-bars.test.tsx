import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { DispenserBars, DispenserLegend } from './dispenser-bars';
import { ACTIVITY_COLORS, TYPE_COLORS } from './dispenser-map-model';

const dispenser = (id: number, count: number, activityLevel: 'None' | 'Low' | 'Medium' | 'High', role: 'Soap' | 'Sanitizer', at: [number, number] | null = [100, 200]) => ({
  id,
  name: `Dispenser ${id}`,
  role,
  count,
  lastDispense: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  x: at ? at[0] : null,
  y: at ? at[1] : null,
  activityLevel,
});

const rows = [dispenser(1, 0, 'None', 'Soap'), dispenser(2, 50, 'Medium', 'Sanitizer'), dispenser(3, 100, 'High', 'Soap', [300, 400]), dispenser(4, 10, 'Low', 'Soap', null)];
const bar = (id: number) => screen.getByRole('button', { name: new RegExp(`^Dispenser ${id}:`) });
const heightOf = (id: number) => Number(bar(id).querySelector('[data-bar-height]')?.getAttribute('data-bar-height'));
/** The drawn bars: the SVG document the bars' image shows. */
const drawing = () => {
  const src = screen.getByTestId('dispenser-bar-art').getAttribute('src') ?? '';
  expect(src.startsWith('data:image/svg+xml,')).toBe(true);
  return new DOMParser().parseFromString(decodeURIComponent(src.slice('data:image/svg+xml,'.length)), 'image/svg+xml');
};
const drawn = (id: number) => drawing().querySelector(`[data-bar-for="${id}"]`);

describe('the dispenser bars', () => {
  it('draw a bar per placed dispenser, 2 px for none up to 130 px for the busiest; the buttons come a task after the drawing', async () => {
    render(<DispenserBars dispensers={rows} max={100} colorBy="activity" selectedId={null} onSelect={() => {}} />);
    expect(drawing().querySelectorAll('[data-bar-for]')).toHaveLength(3);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(await screen.findAllByRole('button')).toHaveLength(3);
    expect(heightOf(1)).toBe(2);
    expect(heightOf(2)).toBe(66);
    expect(heightOf(3)).toBe(130);
    // Its foot on the dispenser's point (the stylesheet centres it on x and lifts it by its height), as tall as the bar and its top.
    expect(bar(3).style.left).toBe('300px');
    expect(bar(3).style.top).toBe('400px');
    expect(bar(3).style.height).toBe('137px');
    // Drawn there too: the front face stands on (300, 400), 130 tall; the unplaced one is not drawn.
    const front = drawn(3)?.querySelector('rect');
    expect([front?.getAttribute('x'), front?.getAttribute('y'), front?.getAttribute('height')]).toEqual(['293', '270', '130']);
    expect(drawing().querySelectorAll('[data-bar-for]')).toHaveLength(3);
    expect(drawn(4)).toBeNull();
  });

  it('draw the bars back to front, so a bar lower on the plan stands before one above it', async () => {
    render(<DispenserBars dispensers={[dispenser(1, 5, 'Low', 'Soap', [100, 500]), dispenser(2, 5, 'Low', 'Soap', [110, 300])]} max={5} colorBy="activity" selectedId={null} onSelect={() => {}} />);
    expect([...drawing().querySelectorAll('[data-bar-for]')].map((g) => g.getAttribute('data-bar-for'))).toEqual(['2', '1']);
    expect((await screen.findAllByRole('button')).map((b) => b.dataset.dispenserId)).toEqual(['2', '1']);
  });

  it('colour by activity level or by type', () => {
    const { rerender } = render(<DispenserBars dispensers={rows} max={100} colorBy="activity" selectedId={null} onSelect={() => {}} />);
    expect(drawn(3)?.getAttribute('fill')).toBe(ACTIVITY_COLORS.High);
    expect(drawn(1)?.getAttribute('fill')).toBe(ACTIVITY_COLORS.None);
    rerender(<DispenserBars dispensers={rows} max={100} colorBy="type" selectedId={null} onSelect={() => {}} />);
    expect(drawn(3)?.getAttribute('fill')).toBe(TYPE_COLORS.Soap);
    expect(drawn(2)?.getAttribute('fill')).toBe(TYPE_COLORS.Sanitizer);
  });

  it('choose a dispenser on a tap, not at the end of a drag', async () => {
    const onSelect = vi.fn();
    render(<DispenserBars dispensers={rows} max={100} colorBy="activity" selectedId={2} onSelect={onSelect} />);
    await screen.findAllByRole('button');
    expect(bar(2)).toHaveAttribute('aria-pressed', 'true');
    expect(drawn(2)?.querySelector('[data-selected]')).not.toBeNull();
    expect(drawn(3)?.querySelector('[data-selected]')).toBeNull();
    fireEvent.pointerDown(bar(3), { clientX: 10, clientY: 10 });
    fireEvent.click(bar(3), { clientX: 12, clientY: 11, detail: 1 });
    expect(onSelect).toHaveBeenCalledWith(3);
    onSelect.mockClear();
    fireEvent.pointerDown(bar(1), { clientX: 10, clientY: 10 });
    fireEvent.click(bar(1), { clientX: 90, clientY: 10, detail: 1 });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('have a legend that matches Color By', () => {
    const { rerender } = render(<DispenserLegend colorBy="activity" />);
    expect(screen.getByRole('list', { name: /activity level, low to high/ })).toHaveTextContent('NoneLowMediumHigh');
    rerender(<DispenserLegend colorBy="type" />);
    expect(screen.getByRole('list', { name: /dispenser type/ })).toHaveTextContent('SanitizerSoap');
  });
});
