import { z } from 'zod';
import { DEVICE_TYPES } from '../../../server/src/contracts/devices';
import { addressChoice, addressDay, addressIds, addressText } from '@/lib/address-search';

/** The Unresponsive Devices page's address (docs/SCREENS.md 'Unresponsive Devices'). */
export const unresponsiveSearchSchema = z.object({
  groupIds: addressIds,
  deviceType: addressChoice(DEVICE_TYPES),
  search: addressText,
  startDate: addressDay,
  endDate: addressDay,
});

/** What the address says (undefined: absent or unreadable). */
export type UnresponsiveSearch = z.output<typeof unresponsiveSearchSchema>;
/** What the page may write to its address (undefined, null or empty text: nothing). */
export type UnresponsiveAddress = z.input<typeof unresponsiveSearchSchema>;
