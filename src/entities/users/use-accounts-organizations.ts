import { useEffect } from 'react';
import { useSession } from '@/lib/session-context';

// The organizations chosen on Users and on Access Management are one choice: it goes with the
// user from one page to the other for the rest of the tab's session (docs/SCREENS.md 'Users').
const KEY = 'lavo.accounts.organizationIds';

function remembered(visible: ReadonlySet<number>): number[] | null {
  try {
    const ids = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (!Array.isArray(ids)) return null;
    const kept = ids.filter((id): id is number => typeof id === 'number' && visible.has(id));
    return kept.length > 0 ? kept : null;
  } catch {
    return null;
  }
}

/** Keeps the choice for the other page. */
function remember(ids: readonly number[]): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage refused (private mode): the other page opens without a choice, as before.
  }
}

/**
 * The organizations the page shows, and how the user changes them: the address's; else the ones
 * chosen on the other accounts page; else the caller's only organization when they have one. A
 * fallback is written to the address (`write`) so a shared link or a reload keeps it; a change is
 * written there and kept for the other page.
 */
export function useAccountsOrganizations(fromAddress: number[] | undefined, write: (ids: number[]) => void): [number[], (ids: number[]) => void] {
  const { bootstrap } = useSession();
  const visible = new Set(bootstrap.organizations.map((o) => o.id));
  const only = bootstrap.organizations.length === 1 ? [bootstrap.organizations[0]?.id as number] : null;
  const fallback = fromAddress === undefined ? (remembered(visible) ?? only) : null;
  const key = fallback?.join(',');
  useEffect(() => {
    if (fallback) write(fallback);
    // Once, when the address has no choice: `key` stands for the fallback's ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const change = (ids: number[]) => {
    remember(ids);
    write(ids);
  };
  return [fromAddress ?? fallback ?? [], change];
}
