import { type CellValue, sortByValue } from '../../contracts/table-order';
import type { UserExportSort } from '../../contracts/user-exports';
import type { ExportUserRow } from './user-export.repo';

/** A user as an export writes them, with Access Management's site access (null on the Users export). */
export interface ExportEntry {
  user: ExportUserRow;
  siteAccess: string | null;
}


const VALUES: Record<UserExportSort, (e: ExportEntry) => CellValue> = {
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

/** The entries in the order the table shows them (the tables' own sort); equal values keep the users' id order. */
export function sortExportEntries(entries: readonly ExportEntry[], sort: UserExportSort = 'name', direction: 'asc' | 'desc' = 'asc'): ExportEntry[] {
  return sortByValue(entries, VALUES[sort], direction);
}
