import { z } from 'zod';
// Relative, not '@/…': the route table wires this schema to the Users page, and vite.config.ts
// reads that table without the app's aliases.
import { addressIds, addressText } from '../../../lib/address-search';

/** The Users page's address (03 §2): the organizations and the search text. */
export const usersSearchSchema = z.object({ organizationIds: addressIds, search: addressText });
export type UsersAddress = z.input<typeof usersSearchSchema>;
