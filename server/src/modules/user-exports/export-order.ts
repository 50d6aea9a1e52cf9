import type { UserExportSort } from '../../contracts/user-exports';
import type { ExportUserRow } from './user-export.repo';

/** A user as an export writes them, with Access Management's site access (null on the Users export). */
export interface ExportEntry {
  user: ExportUserRow;
  siteAccess: string | null;
}

type SortValue = string | number | null;

const VALUES: Record<UserExportSort, (e: ExportEntry) => SortValue> = {
  name: (e) => `${e.user.firstName} ${e.user.lastName}`.trim(),
  userName: (e) => e.user.userName,
  clientUserId: (e) => e.user.clientUserId,
  organization: (e) => e.user.organization,
  profession: (e) => e.user.profession,
  role: (e) => e.user.template,
  status: (e) => (e.user.active ? 'Activated' : 'Deactivated'),
  siteAccess: (e) => e.siteAccess,
  email: (e) => e.user.email,
  device: (e) => e.user.device,
  createdAt: (e) => e.user.createdAt.getTime(),
};

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
const missing = (v: SortValue) => v === null || v === '';

/**
 * The entries in the order the table shows them (its sort of text and numbers, the rows without a
 * value last whichever the direction); equal values keep the users' id order.
 */
export function sortExportEntries(entries: readonly ExportEntry[], sort: UserExportSort = 'name', direction: 'asc' | 'desc' = 'asc'): ExportEntry[] {
  const value = VALUES[sort];
  const factor = direction === 'asc' ? 1 : -1;
  return entries
    .map((entry) => ({ entry, value: value(entry) }))
    .sort((a, b) => {
      if (missing(a.value)) return missing(b.value) ? 0 : 1;
      if (missing(b.value)) return -1;
      if (typeof a.value === 'number' && typeof b.value === 'number') return factor * (a.value - b.value);
      return factor * collator.compare(String(a.value), String(b.value));
    })
    .map(({ entry }) => entry);
}
