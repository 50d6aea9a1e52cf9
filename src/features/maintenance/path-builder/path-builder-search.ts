import { z } from 'zod';
// Relative, not '@/…': the route table wires this schema to the page, and vite.config.ts reads
// that table (scripts/vite-page-shell.ts) without the app's aliases.
import { addressId } from '../../../lib/address-search';

/** The Path Builder's address: the location whose paths are drawn (03 §2 'Query parameters kept per page'). */
export const pathBuilderSearchSchema = z.object({ groupId: addressId });

export type PathBuilderSearch = z.output<typeof pathBuilderSearchSchema>;
