import { z } from 'zod';
// Relative, not '@/…' or '@contracts/…': the route table wires this schema to the page, and
// vite.config.ts reads that table (scripts/vite-page-shell.ts) without the app's aliases.
import { LAST_ONLINE_BUCKETS } from '../../../../server/src/contracts/iot';
import { addressChoice, addressId, addressText } from '../../../lib/address-search';

/** The IoT Devices page's address: the location, the search text and the 'Last Online' bucket (03 §2 'IoT Devices'). */
export const iotDevicesSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
  lastOnline: addressChoice(LAST_ONLINE_BUCKETS),
});

export type IotDevicesSearch = z.output<typeof iotDevicesSearchSchema>;
