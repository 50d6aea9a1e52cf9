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

describe('the dispenser bars', () => {
  it('draw a bar per placed dispenser, 2 px for none up to 130 px for the busiest', () => {
    render(<DispenserBars dispensers={rows} max={100} colorBy="activity" selectedId={null} onSelect={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(heightOf(1)).toBe(2);
    expect(heightOf(2)).toBe(66);
    expect(heightOf(3)).toBe(130);
    // Its foot on the dispenser's point: the bar's box ends at y.
    expect(bar(3).style.transform).toBe(`translate(286px, ${400 - 137}px)`);
  });

  it('colour by activity level or by type', () => {
    const { rerender } = render(<DispenserBars dispensers={rows} max={100} colorBy="activity" selectedId={null} onSelect={() => {}} />);
    expect(bar(3).style.getPropertyValue('--bar')).toBe(ACTIVITY_COLORS.High);
    rerender(<DispenserBars dispensers={rows} max={100} colorBy="type" selectedId={null} onSelect={() => {}} />);
    expect(bar(3).style.getPropertyValue('--bar')).toBe(TYPE_COLORS.Soap);
    expect(bar(2).style.getPropertyValue('--bar')).toBe(TYPE_COLORS.Sanitizer);
  });

  it('choose a dispenser on a tap, not at the end of a drag', () => {
    const onSelect = vi.fn();
    render(<DispenserBars dispensers={rows} max={100} colorBy="activity" selectedId={2} onSelect={onSelect} />);
    expect(bar(2)).toHaveAttribute('aria-pressed', 'true');
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
