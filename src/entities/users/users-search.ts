import { z } from 'zod';
import { addressIds, addressText } from '@/lib/address-search';

/** The Users page's address: the organizations and the search text. */
export const usersSearchSchema = z.object({ organizationIds: addressIds, search: addressText });
export type UsersAddress = z.input<typeof usersSearchSchema>;
