import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportPerson } from '../shared/links/person-links';
import { detailsResetKey, useRoundingDetails } from './use-rounding-details';

const filters = { tab: 'user' as const, organizationIds: [3], groupIds: [6, 7] };
const ana: ReportPerson = { id: 11, name: 'Ana Lopez', organizationId: 5 };

function setup(initial: { resetKey: string; person?: ReportPerson }) {
  return renderHook(({ resetKey, person }: { resetKey: string; person?: ReportPerson }) => useRoundingDetails(resetKey, person), { initialProps: initial });
}

describe('detailsResetKey', () => {
  it('changes with the tab, the organizations and the locations, not with the dates or the search', () => {
    const key = detailsResetKey(filters);
    expect(detailsResetKey({ ...filters, tab: 'bed' })).not.toBe(key);
    expect(detailsResetKey({ ...filters, organizationIds: [5] })).not.toBe(key);
    expect(detailsResetKey({ ...filters, groupIds: [6] })).not.toBe(key);
    expect(detailsResetKey({ ...filters, startDate: '2026-01-01', search: 'ana' } as typeof filters)).toBe(key);
  });
});

describe('useRoundingDetails', () => {
  it('opens on the list, shows the Details chosen, and goes back to the list', () => {
    const { result } = setup({ resetKey: detailsResetKey(filters) });
    expect(result.current.subject).toBeNull();
    act(() => result.current.open({ kind: 'bed', id: 40, name: 'Room 301 Bed A', groupId: 6 }));
    expect(result.current.subject).toMatchObject({ kind: 'bed', id: 40 });
    act(() => result.current.close());
    expect(result.current.subject).toBeNull();
  });

  it('returns to the list when the locations or the organizations change, and stays on Details when the dates do', () => {
    const key = detailsResetKey(filters);
    const { result, rerender } = setup({ resetKey: key });
    act(() => result.current.open({ kind: 'user', id: 11, name: 'Ana Lopez' }));
    rerender({ resetKey: key });
    expect(result.current.subject).toMatchObject({ id: 11 });
    rerender({ resetKey: detailsResetKey({ ...filters, groupIds: [6] }) });
    expect(result.current.subject).toBeNull();

    act(() => result.current.open({ kind: 'user', id: 11, name: 'Ana Lopez' }));
    rerender({ resetKey: detailsResetKey({ ...filters, groupIds: [6], organizationIds: [5] }) });
    expect(result.current.subject).toBeNull();
  });

  it('opens on the Details of the person another report sent, once', () => {
    const key = detailsResetKey(filters);
    const { result, rerender } = setup({ resetKey: key, person: ana });
    expect(result.current.subject).toEqual({ kind: 'user', id: 11, name: 'Ana Lopez' });
    // Back: the list, though the person is still in the history entry.
    act(() => result.current.close());
    rerender({ resetKey: key, person: ana });
    expect(result.current.subject).toBeNull();
    // A filter change drops the person from the history entry: still the list.
    rerender({ resetKey: key, person: undefined });
    expect(result.current.subject).toBeNull();
    // Another person sent later opens theirs.
    rerender({ resetKey: key, person: { id: 12, name: 'Ben Okafor' } });
    expect(result.current.subject).toEqual({ kind: 'user', id: 12, name: 'Ben Okafor' });
  });
});
