import type { z } from 'zod';
import { listPageSearch } from '../../lib/address-search';
import type { BadgeStatus } from './badge-rows';

/** The statuses an address names; 'all', the default, is written as no status. */
export const BADGE_ADDRESS_STATUSES = ['assigned', 'unassigned'] as const satisfies readonly BadgeStatus[];

/** The badge pages' address: the location, the status and the search text. */
export const badgeSearchSchema = listPageSearch(BADGE_ADDRESS_STATUSES);

/** What the address says (undefined: absent or unreadable). */
export type BadgeSearch = z.output<typeof badgeSearchSchema>;
/** What the page may write to its address (null or empty text: nothing). */
export type BadgeAddress = z.input<typeof badgeSearchSchema>;
