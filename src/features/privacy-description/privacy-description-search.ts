import { z } from 'zod';
import { addressId } from '../../lib/address-search';

/** The Privacy description page's address (docs/SCREENS.md 'Privacy Description'): the organization described. */
export const privacyDescriptionSearchSchema = z.object({ organizationId: addressId });

export type PrivacyDescriptionAddress = z.input<typeof privacyDescriptionSearchSchema>;
