import type { Group } from '@contracts/entities';
import { describe, expect, it } from 'vitest';
import { isFloorplanFile, locationFormDefaults, locationFormSchema, visitDurationEditable } from './location-rules';

const tree = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 4, parentId: 2 },
];

describe('location form rules', () => {
  it('lets the visit duration be edited only when the parent is the root', () => {
    expect(visitDurationEditable(null, tree)).toBe(true);
    expect(visitDurationEditable(1, tree)).toBe(true);
    expect(visitDurationEditable(2, tree)).toBe(false);
    expect(visitDurationEditable(4, tree)).toBe(false);
  });

  it('requires name, type, address, time zone, shift, wash duration and the four windows', () => {
    const empty = locationFormDefaults(null, null);
    const result = locationFormSchema.safeParse(empty);
    expect(result.success).toBe(false);
    const missing = new Set(result.error?.issues.map((i) => i.path[0]));
    for (const field of ['name', 'type', 'address', 'timeZone', 'shiftLengthHours', 'requiredHandWashDuration', 'beforeEntrySecondsToComply', 'afterEntrySecondsToComply', 'beforeExitSecondsToComply', 'afterExitSecondsToComply']) {
      expect(missing, field).toContain(field);
    }
    expect(missing).not.toContain('requiredVisitDuration');
    expect(missing).not.toContain('mapScale');
  });

  it("starts a new child from its parent's settings", () => {
    const parent = { id: 4, parentId: 2, organizationId: 3, name: 'Tower', type: 'BUILDING', address: '1 Main St', timeZone: 'US/Pacific', shiftLengthHours: 12, requiredHandWashDuration: 20, requiredVisitDuration: 30, beforeEntrySecondsToComply: 60, afterEntrySecondsToComply: 60, beforeExitSecondsToComply: 60, afterExitSecondsToComply: 120, mapScale: 12, floorplanImage: null, groupOnly: false, accessible: true } satisfies Group;
    const values = locationFormDefaults(null, parent);
    expect(values).toMatchObject({ name: '', type: '', organizationId: '3', timeZone: 'US/Pacific', afterExitSecondsToComply: '120', mapScale: '' });
  });

  it('accepts png and jpeg floor plans only', () => {
    expect(isFloorplanFile({ name: 'plan.png', type: 'image/png' })).toBe(true);
    expect(isFloorplanFile({ name: 'plan.JPG', type: '' })).toBe(true);
    expect(isFloorplanFile({ name: 'plan.gif', type: 'image/gif' })).toBe(false);
    expect(isFloorplanFile({ name: 'plan.pdf', type: 'application/pdf' })).toBe(false);
  });
});
