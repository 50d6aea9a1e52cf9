import { z } from 'zod';
import { addressId, addressText } from '@/lib/address-search';

/** The Wristbands page's address: location and search; there is no map. */
export const wristbandsSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
});

export type WristbandsSearch = z.output<typeof wristbandsSearchSchema>;
