import { z } from 'zod';
// The device types come from the small devices contract, not the editor's: the route table is
// in every page's first load.
// the small devices contract, not the editor's: the route table is in every page's first load.
import { EDITOR_DEVICE_TYPES } from '../../../server/src/contracts/devices';
import { addressChoice, addressId, addressText } from '@/lib/address-search';

/** The Location Editor's address: the location, the search text and the device-type filter. */
export const editorSearchSchema = z.object({
  groupId: addressId,
  search: addressText,
  deviceType: addressChoice(EDITOR_DEVICE_TYPES),
});

export type EditorSearch = z.output<typeof editorSearchSchema>;
