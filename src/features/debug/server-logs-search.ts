import { z } from 'zod';
// Relative, not '@/…': the route table wires this schema to the page, and vite.config.ts reads
// that table (scripts/vite-page-shell.ts) without the app's aliases.
import { addressId, addressText } from '../../lib/address-search';

/** The Server Logs page's address (02 §2 'Debug server logs | groupId, search'): the location and the search text. */
export const serverLogsSearchSchema = z.object({ groupId: addressId, search: addressText });

/** What the page may write to its address (null or empty text: nothing). */
export type ServerLogsAddress = z.input<typeof serverLogsSearchSchema>;
