import { z } from 'zod';
// Relative, not '@/…': the route table wires this schema to the page, and vite.config.ts reads
// that table (scripts/vite-page-shell.ts) without the app's aliases.
import { addressId, addressText } from '../../../lib/address-search';

/** The Gateways page's address (03 §2 'Gateways': query parameters groupId and search). */
export const gatewaysSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
});

export type GatewaysSearch = z.output<typeof gatewaysSearchSchema>;
