import { z } from 'zod';
import { earliestRangeStart } from '../../../server/src/contracts/fields';
import { AUDIT_ACTIONS } from '../../../server/src/contracts/privacy';
import { addressChoice, addressDay, addressId } from '../../lib/address-search';

/**
 * The Audit Trail page's address (docs/PRIVACY.md 'The audit trail'): whose data, who did it,
 * read or write, and a range of UTC days. Nothing set is every event the caller may see.
 */
export const auditTrailSearchSchema = z.object({
  personUserId: addressId,
  actorUserId: addressId,
  action: addressChoice(AUDIT_ACTIONS),
  startDate: addressDay,
  endDate: addressDay,
});

export type AuditTrailSearch = z.output<typeof auditTrailSearchSchema>;
/** What the page may write to its address (undefined: nothing). */
export type AuditTrailAddress = z.input<typeof auditTrailSearchSchema>;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The filters the trail is asked for: every one but paging. */
export interface AuditTrailFilter {
  personUserId?: number;
  actorUserId?: number;
  action?: AuditAction;
  startDate?: string;
  endDate?: string;
}

/**
 * The filters an address asks for. Its days count only as a whole range the date picker could
 * have made (both ends, in order, no longer than the pickers allow); any other pair is no range.
 */
export function trailFilterOf(search: AuditTrailSearch): AuditTrailFilter {
  const { personUserId, actorUserId, action, startDate, endDate } = search;
  const ranged = startDate !== undefined && endDate !== undefined && startDate <= endDate && startDate >= earliestRangeStart(endDate);
  return {
    ...(personUserId !== undefined && { personUserId }),
    ...(actorUserId !== undefined && { actorUserId }),
    ...(action !== undefined && { action }),
    ...(ranged && { startDate, endDate }),
  };
}
