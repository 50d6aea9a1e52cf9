import { z } from 'zod';
import { addressId, addressText } from '../../lib/address-search';

/** The Server Logs page's address: the location and the search text. */
export const serverLogsSearchSchema = z.object({ groupId: addressId, search: addressText });

/** What the page may write to its address (null or empty text: nothing). */
export type ServerLogsAddress = z.input<typeof serverLogsSearchSchema>;
