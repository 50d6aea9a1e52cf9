import { describe, expect, it } from 'vitest';
import {
  shade,
  ACTIVITY_COLORS,
  BAR_MAX_PX,
  BAR_MIN_PX,
  barColor,
  barHeight,
  filterByLevel,
  hourLabel,
  legendItems,
  maxCount,
  toggleView,
  TYPE_COLORS,
} from './dispenser-map-model';

describe('bar heights', () => {
  it('run from 2 px for no dispenses to 130 px for the busiest dispenser, linear in count ÷ max', () => {
    expect(barHeight(0, 200)).toBe(2);
    expect(barHeight(200, 200)).toBe(130);
    expect(barHeight(100, 200)).toBe(66);
    expect(barHeight(50, 200)).toBe(34);
    expect(BAR_MIN_PX).toBe(2);
    expect(BAR_MAX_PX).toBe(130);
  });

  it('are 2 px everywhere when nothing was dispensed, and never exceed 130 px', () => {
    expect(barHeight(0, 0)).toBe(2);
    expect(barHeight(5, 0)).toBe(2);
    expect(barHeight(300, 200)).toBe(130);
  });

  it('take the largest count of the location as the maximum', () => {
    expect(maxCount([{ count: 3 }, { count: 17 }, { count: 0 }])).toBe(17);
    expect(maxCount([])).toBe(0);
  });
});

describe('bar colours', () => {
  const low = { activityLevel: 'Low', role: 'Soap' } as const;
  const high = { activityLevel: 'High', role: 'Sanitizer' } as const;

  it('follow the activity level when coloured by activity', () => {
    expect(barColor(low, 'activity')).toBe(ACTIVITY_COLORS.Low);
    expect(barColor(high, 'activity')).toBe(ACTIVITY_COLORS.High);
    expect(barColor({ activityLevel: 'None', role: 'Soap' }, 'activity')).toBe(ACTIVITY_COLORS.None);
    expect(new Set(Object.values(ACTIVITY_COLORS)).size).toBe(4);
  });

  it('follow the dispenser type when coloured by type', () => {
    expect(barColor(low, 'type')).toBe(TYPE_COLORS.Soap);
    expect(barColor(high, 'type')).toBe(TYPE_COLORS.Sanitizer);
    expect(TYPE_COLORS.Soap).not.toBe(TYPE_COLORS.Sanitizer);
  });

  it('are what the legend says: Low to High, or Sanitizer and Soap', () => {
    expect(legendItems('activity').map((i) => i.label)).toEqual(['None', 'Low', 'Medium', 'High']);
    expect(legendItems('activity').map((i) => i.color)).toEqual([ACTIVITY_COLORS.None, ACTIVITY_COLORS.Low, ACTIVITY_COLORS.Medium, ACTIVITY_COLORS.High]);
    expect(legendItems('type')).toEqual([
      { label: 'Sanitizer', color: TYPE_COLORS.Sanitizer },
      { label: 'Soap', color: TYPE_COLORS.Soap },
    ]);
  });
});

describe('the activity level filter', () => {
  const rows = [
    { id: 1, activityLevel: 'None' },
    { id: 2, activityLevel: 'Low' },
    { id: 3, activityLevel: 'High' },
    { id: 4, activityLevel: 'Low' },
  ] as const;

  it('keeps every dispenser for All, and only the chosen level otherwise', () => {
    expect(filterByLevel(rows, 'All').map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(filterByLevel(rows, 'Low').map((r) => r.id)).toEqual([2, 4]);
    expect(filterByLevel(rows, 'None').map((r) => r.id)).toEqual([1]);
    expect(filterByLevel(rows, 'Medium')).toEqual([]);
  });
});

describe('the list and map toggles', () => {
  it('turn either view on and off while the other stays on', () => {
    expect(toggleView({ list: true, map: true }, 'list')).toEqual({ list: false, map: true });
    expect(toggleView({ list: true, map: true }, 'map')).toEqual({ list: true, map: false });
    expect(toggleView({ list: false, map: true }, 'list')).toEqual({ list: true, map: true });
  });

  it('never turn off the last view on', () => {
    expect(toggleView({ list: false, map: true }, 'map')).toEqual({ list: false, map: true });
    expect(toggleView({ list: true, map: false }, 'list')).toEqual({ list: true, map: false });
  });
});

describe('hour labels', () => {
  it('write local hours the way the screens do', () => {
    expect([0, 7, 12, 13, 23].map(hourLabel)).toEqual(['12 AM', '7 AM', '12 PM', '1 PM', '11 PM']);
  });
});

describe('a bar face shade', () => {
  it('moves each channel part of the way to white or black', () => {
    expect(shade('#e03131', 0, 255)).toBe('#e03131');
    expect(shade('#e03131', 1, 255)).toBe('#ffffff');
    expect(shade('#e03131', 1, 0)).toBe('#000000');
    expect(shade('#204080', 0.5, 255)).toBe('#90a0c0');
    expect(shade('#204080', 0.5, 0)).toBe('#102040');
  });
});
