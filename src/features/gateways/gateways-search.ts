import { z } from 'zod';
import { addressId, addressText } from '@/lib/address-search';

/** The Gateways page's address (query parameters groupId and search). */
export const gatewaysSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
});

export type GatewaysSearch = z.output<typeof gatewaysSearchSchema>;
