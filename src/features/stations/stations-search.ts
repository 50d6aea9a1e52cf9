import { z } from 'zod';
import { addressChoice, addressId, addressText } from '../../lib/address-search';

/**
 * The stations page's address: the location, the search text, the kiosk gateway shown and, for
 * users who may see both kinds, 'nfc' for the NFC stations (no type: the standard ones).
 */
export const stationsSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
  gatewayId: addressId,
  type: addressChoice(['nfc']),
});

/** What the address says (undefined: absent or unreadable). */
export type StationsSearch = z.output<typeof stationsSearchSchema>;
/** What the page may write to its address (null or empty text: nothing). */
export type StationsAddress = z.input<typeof stationsSearchSchema>;
