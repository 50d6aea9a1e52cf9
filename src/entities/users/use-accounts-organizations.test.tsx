import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type SessionData } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { useAccountsOrganizations } from './use-accounts-organizations';

const withOrganizations = (ids: number[]): SessionData => {
  const session = makeSession('manager');
  const organization = (id: number) => ({
    id,
    name: `Org ${id}`,
    parentId: null,
    type: 'HOSPITAL',
    accountType: session.accountType,
    settings: { defaultLocationId: null, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 },
    accessible: true,
  });
  return { ...session, bootstrap: { ...session.bootstrap, organizations: ids.map(organization) } };
};

function renderWith(session: SessionData, fromAddress: number[] | undefined) {
  const write = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider value={session}>{children}</SessionProvider>;
  const hook = renderHook(() => useAccountsOrganizations(fromAddress, write), { wrapper });
  return { write, hook };
}

afterEach(() => sessionStorage.clear());

describe('useAccountsOrganizations', () => {
  it('opens on the caller’s only organization, and writes it to the address', () => {
    const { write, hook } = renderWith(withOrganizations([5]), undefined);
    expect(hook.result.current[0]).toEqual([5]);
    expect(write).toHaveBeenCalledWith([5]);
  });

  it('opens with nothing chosen when the caller has several organizations and chose none', () => {
    const { write, hook } = renderWith(withOrganizations([3, 5]), undefined);
    expect(hook.result.current[0]).toEqual([]);
    expect(write).not.toHaveBeenCalled();
  });

  it('carries a choice made on one accounts page to the other, the address winning', () => {
    const first = renderWith(withOrganizations([3, 5, 9]), [3]);
    act(() => first.hook.result.current[1]([5, 9]));
    expect(first.write).toHaveBeenCalledWith([5, 9]);
    first.hook.unmount();

    const other = renderWith(withOrganizations([3, 5, 9]), undefined);
    expect(other.hook.result.current[0]).toEqual([5, 9]);
    expect(other.write).toHaveBeenCalledWith([5, 9]);
    expect(renderWith(withOrganizations([3, 5, 9]), [3]).hook.result.current[0]).toEqual([3]);
  });

  it('drops remembered organizations the caller no longer sees', () => {
    const first = renderWith(withOrganizations([3, 5]), undefined);
    act(() => first.hook.result.current[1]([5]));
    expect(renderWith(withOrganizations([3]), undefined).hook.result.current[0]).toEqual([3]);
  });
});
