import { z } from 'zod';
import { addressChoice, addressId, addressText } from '@/lib/address-search';

/** The operations pages' address: location, search and the map view. */
export const operationsSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
  mapMode: addressChoice(['map'] as const),
});

export type OperationsSearch = z.output<typeof operationsSearchSchema>;
