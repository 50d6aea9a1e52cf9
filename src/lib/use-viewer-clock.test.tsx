import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from './session-context';
import { makeSession } from '@/test/fixtures';
import { useViewerClock, viewerTimeZone } from './use-viewer-clock';

const groups = [
  { id: 6, timeZone: 'US/Pacific' },
  { id: 9, timeZone: 'America/New_York' },
];

afterEach(() => vi.restoreAllMocks());

/** The device's clock, as Intl reports it. */
function deviceIn(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

describe('viewerTimeZone', () => {
  it('is the home location’s zone', () => {
    deviceIn('Asia/Tokyo');
    expect(viewerTimeZone(groups, 9)).toBe('America/New_York');
  });

  it('is the device’s without a home location, or one the session does not know', () => {
    deviceIn('Asia/Tokyo');
    expect(viewerTimeZone(groups, null)).toBe('Asia/Tokyo');
    expect(viewerTimeZone(groups, 42)).toBe('Asia/Tokyo');
  });
});

describe('useViewerClock', () => {
  const wrapperFor = (groupId: number | null) => {
    const base = makeSession('manager', { groupId });
    const session = { ...base, bootstrap: { ...base.bootstrap, groups: groups as unknown as typeof base.bootstrap.groups } };
    return ({ children }: { children: ReactNode }) => <SessionProvider value={session}>{children}</SessionProvider>;
  };

  it('reads times on the home location’s clock, naming the zone', () => {
    const { result } = renderHook(() => useViewerClock(), { wrapper: wrapperFor(6) });
    expect(result.current.timeZone).toBe('US/Pacific');
    expect(result.current.zoneName).toBe('Pacific Time');
    expect(result.current.format('2026-03-03T10:05:00.000Z')).toBe('Mar 3, 2026, 2:05:00 AM PST');
  });

  it('falls back to the device’s clock', () => {
    deviceIn('Asia/Tokyo');
    const { result } = renderHook(() => useViewerClock(), { wrapper: wrapperFor(null) });
    expect(result.current.timeZone).toBe('Asia/Tokyo');
    expect(result.current.format('2026-03-03T10:05:00.000Z')).toBe('Mar 3, 2026, 7:05:00 PM GMT+9');
  });

  it('stays the same object from one render to the next, so columns built on it are kept', () => {
    const { result, rerender } = renderHook(() => useViewerClock(), { wrapper: wrapperFor(6) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
