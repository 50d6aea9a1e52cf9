import { z } from 'zod';
import { monthField } from '../../../server/src/contracts/fields';
import { addressChoice, addressId } from '../../lib/address-search';

/**
 * The page's tabs, in order (docs/SCREENS.md 'Observation Audits'): the observer's own two, then
 * the figures of a hospital's or a unit's month and their printable evidence pack.
 */
export const AUDIT_TABS = ['observe', 'sessions', 'validation', 'leapfrog', 'evidence'] as const;
export type AuditTab = (typeof AUDIT_TABS)[number];

/** A calendar month, YYYY-MM, that the API takes; anything else is absent. */
const addressMonth = z
  .string()
  .transform((value) => monthField.safeParse(value).data)
  .optional()
  .catch(undefined);

/** The Observation Audits page's address: the tab, the unit and the month of the Sessions list. */
export const observationAuditsSearchSchema = z.object({
  tab: addressChoice(AUDIT_TABS),
  groupId: addressId,
  month: addressMonth,
  /** The hospital or unit whose figures the validation, Leapfrog and evidence tabs show. */
  locationId: addressId,
  /** Whose sessions the Sessions tab lists: the caller's own (absent) or every observer's. */
  sessionsOf: addressChoice(['mine', 'all']),
  /** The Leapfrog option: '1' (200 a month) or '2' (100). */
  option: addressChoice(['1', '2']),
});

export type ObservationAuditsSearch = z.output<typeof observationAuditsSearchSchema>;
/** What the page may write to its address (null: nothing). */
export type ObservationAuditsAddress = z.input<typeof observationAuditsSearchSchema>;
