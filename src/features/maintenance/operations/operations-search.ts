import { z } from 'zod';
// Relative, not '@/…': the route table wires this schema to the pages, and vite.config.ts reads
// that table (scripts/vite-page-shell.ts) without the app's aliases.
import { addressChoice, addressId, addressText } from '../../../lib/address-search';

/** The operations pages' address (03 §2 'Query parameters kept per page'): location, search and the map view. */
export const operationsSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
  mapMode: addressChoice(['map'] as const),
});

export type OperationsSearch = z.output<typeof operationsSearchSchema>;
