import { z } from 'zod';
import { addressText } from '@/lib/address-search';

/** The Professions page's address: the search text. */
export const professionsSearchSchema = z.object({ search: addressText });
export type ProfessionsAddress = z.input<typeof professionsSearchSchema>;

/** The professions whose name or ID contains the search (case-insensitive); blank search: all. */
export function filterProfessions<T extends { name: string; id: string }>(rows: readonly T[], search: string | undefined): T[] {
  const needle = search?.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((p) => p.name.toLowerCase().includes(needle) || p.id.toLowerCase().includes(needle));
}
