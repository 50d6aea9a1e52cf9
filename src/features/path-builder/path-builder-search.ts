import { z } from 'zod';
import { addressId } from '@/lib/address-search';

/** The Path Builder's address: the location whose paths are drawn (docs/SCREENS.md 'The location'). */
export const pathBuilderSearchSchema = z.object({ groupId: addressId });

export type PathBuilderSearch = z.output<typeof pathBuilderSearchSchema>;
