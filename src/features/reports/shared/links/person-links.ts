import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PAGE_ACCESS } from '@contracts/page-access';
import { allowed } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import { type FilterState, toSearch } from '../../filters/filter-state';
import type { KeptParams } from '../../filters/kept-params';

// Links from a person's row on one report to their figures on another (the row menus,
// docs/SCREENS.md 'Row menus of a person'). What the receiving page keeps in its address goes
// there (the name as its search, the range); which person to open goes in the history state, so
// it is not kept in a shared link and Back returns to the row's page.

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The person a report was opened for from another report's row menu. */
    reportPerson?: ReportPerson;
  }
}

/** A person a row stands for. */
export interface ReportPerson {
  id: number;
  name: string;
  organizationId?: number;
}

/** Where the row menus lead. */
export type PersonTarget = 'compliance' | 'staff-rounding' | 'contact-tracing';

/** The page of each target, whose access rule decides whether a menu offers it. */
export const PERSON_TARGET_PAGES = {
  compliance: '/app/reports/compliance',
  'staff-rounding': '/app/reports/staff-rounding',
  'contact-tracing': '/app/reports/contact-tracing',
} as const satisfies Record<PersonTarget, keyof typeof PAGE_ACCESS>;

/** Of `targets`, those the signed-in user may open (Contact Tracing is for LAVO accounts only). */
export function useAllowedPersonTargets(targets: readonly PersonTarget[]): PersonTarget[] {
  const { role, accountType } = useSession();
  const key = targets.join(',');
  return useMemo(
    () => (key === '' ? [] : (key.split(',') as PersonTarget[])).filter((t) => allowed(PAGE_ACCESS[PERSON_TARGET_PAGES[t]], role, accountType)),
    [key, role, accountType],
  );
}

/** The navigation to `target` for `person`, carrying the current filters that page keeps (`keepsOf`: useKeptParams). */
export function personLink(target: PersonTarget, filters: FilterState, person: ReportPerson, keepsOf: KeptParams) {
  const organizationIds = person.organizationId === undefined ? filters.organizationIds : [person.organizationId];
  switch (target) {
    case 'compliance':
      return {
        to: PERSON_TARGET_PAGES.compliance,
        search: toSearch({ ...filters, userIds: [person.id] }, keepsOf(PERSON_TARGET_PAGES.compliance)),
      } as const;
    case 'staff-rounding':
      return {
        to: PERSON_TARGET_PAGES['staff-rounding'],
        search: toSearch({ ...filters, tab: 'user', search: person.name }, keepsOf(PERSON_TARGET_PAGES['staff-rounding'])),
        state: { reportPerson: person },
      } as const;
    case 'contact-tracing':
      return {
        to: PERSON_TARGET_PAGES['contact-tracing'],
        search: toSearch({ ...filters, mode: 'contacts', organizationIds, search: person.name, date: filters.endDate }, keepsOf(PERSON_TARGET_PAGES['contact-tracing'])),
        state: { reportPerson: person },
      } as const;
  }
}

/** The person this page was opened for from another report's row menu, if any. */
export function useReportPerson(): ReportPerson | undefined {
  return useLocation({ select: (location) => location.state.reportPerson });
}
