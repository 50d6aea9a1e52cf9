import { z } from 'zod';
import { LAST_ONLINE_BUCKETS } from '../../../server/src/contracts/iot';
import { addressChoice, addressId, addressText } from '@/lib/address-search';

/** The IoT Devices page's address: the location, the search text and the 'Last Online' bucket. */
export const iotDevicesSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
  lastOnline: addressChoice(LAST_ONLINE_BUCKETS),
});

export type IotDevicesSearch = z.output<typeof iotDevicesSearchSchema>;
