import { z } from 'zod';
import { addressDay, addressId } from '../../../lib/address-search';

/** The Data Trust page's address: the location and the days it lists. */
export const dataTrustSearchSchema = z.object({
  groupId: addressId,
  startDate: addressDay,
  endDate: addressDay,
});

export type DataTrustSearch = z.output<typeof dataTrustSearchSchema>;
