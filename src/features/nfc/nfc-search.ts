import type { NfcTagStatus } from '@contracts/nfc';
import type { z } from 'zod';
import { listPageSearch } from '../../lib/address-search';

/** The tag statuses an address names; no status is every tag. */
export const NFC_ADDRESS_STATUSES = ['active', 'inactive'] as const satisfies readonly NfcTagStatus[];

/** The NFC page's address: the location, the status and the search text. */
export const nfcSearchSchema = listPageSearch(NFC_ADDRESS_STATUSES);

/** What the address says (undefined: absent or unreadable). */
export type NfcSearch = z.output<typeof nfcSearchSchema>;
/** What the page may write to its address (null or empty text: nothing). */
export type NfcAddress = z.input<typeof nfcSearchSchema>;
