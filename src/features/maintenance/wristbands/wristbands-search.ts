import { z } from 'zod';
// Relative, not '@/…': the route table wires this schema to the page, and vite.config.ts reads
// that table (scripts/vite-page-shell.ts) without the app's aliases.
import { addressId, addressText } from '../../../lib/address-search';

/** The Wristbands page's address (03 §2 'Query parameters kept per page'): location and search; there is no map. */
export const wristbandsSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
});

export type WristbandsSearch = z.output<typeof wristbandsSearchSchema>;
