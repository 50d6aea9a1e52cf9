import { z } from 'zod';
import { reportViewSchema } from '../../../../server/src/contracts/reports/common';
import { addressChoice, addressDay, addressFlag, addressId, addressIds, addressTrimmedText } from '../../../lib/address-search';

const fields = z.object({
  organizationId: addressId,
  organizationIds: addressIds,
  organizationIdFilters: addressIds,
  groupId: addressId,
  groupIds: addressIds,
  groupIdFilters: addressIds,
  userIds: addressIds,
  userId: addressId,
  deviceId: addressId,
  zoneIds: addressIds,
  tab: addressChoice(['user', 'bed']),
  mode: addressChoice(['contacts', 'exposure']),
  professionId: addressTrimmedText,
  search: addressTrimmedText,
  date: addressDay,
  startDate: addressDay,
  endDate: addressDay,
  metric: addressChoice(['average', 'total']),
  view: reportViewSchema.optional().catch(undefined),
  split: addressFlag,
  excludeLowTrust: addressFlag,
});

/**
 * The address of the filtered report pages (docs/SCREENS.md 'Shared filter state'), read leniently: every
 * value that cannot be read is absent (undefined), so the session's defaults apply. Single filter
 * and user values become lists, a singular organizationId or groupId a one-item list, and the two
 * dates count only together, in order: otherwise both are absent and the default range applies.
 */
export const reportSearchSchema = fields.transform((search) => {
  const { organizationId, groupId, startDate, endDate } = search;
  const range = startDate !== undefined && endDate !== undefined && startDate <= endDate;
  return {
    ...search,
    organizationIds: search.organizationIds ?? (organizationId === undefined ? undefined : [organizationId]),
    groupIds: search.groupIds ?? (groupId === undefined ? undefined : [groupId]),
    startDate: range ? startDate : undefined,
    endDate: range ? endDate : undefined,
  };
});

/** What a report page's address says: each value, or undefined where the default applies. */
export type ReportSearch = z.output<typeof reportSearchSchema>;
/** What a report page may write to its address. */
export type ReportAddress = z.input<typeof reportSearchSchema>;
