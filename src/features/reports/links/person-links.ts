import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PAGE_ACCESS } from '@contracts/page-access';
import { allowed } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import { type FilterState, PAGE_PARAMS, toSearch } from '../filters/filter-state';

// Links from a person's row on one report to their figures on another (02 §2: "Row menus elsewhere
// navigate to Staff Rounding and Contact Tracing with state"). What the receiving page keeps in its
// address goes there (the name as its search, the range); which person to open goes in the
// history state, so it is not kept in a shared link and Back returns to the row's page.

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

/** The navigation to `target` for `person`, carrying the current filters. */
export function personLink(target: PersonTarget, filters: FilterState, person: ReportPerson) {
  const organizationIds = person.organizationId === undefined ? filters.organizationIds : [person.organizationId];
  switch (target) {
    case 'compliance':
      return {
        to: '/app/reports/compliance',
        search: toSearch({ ...filters, userIds: [person.id] }, PAGE_PARAMS['/app/reports/compliance']),
      } as const;
    case 'staff-rounding':
      return {
        to: '/app/reports/staff-rounding',
        search: toSearch({ ...filters, tab: 'user', search: person.name }, PAGE_PARAMS['/app/reports/staff-rounding']),
        state: { reportPerson: person },
      } as const;
    case 'contact-tracing':
      return {
        to: '/app/reports/contact-tracing',
        search: toSearch({ ...filters, mode: 'contacts', organizationIds, search: person.name, date: filters.endDate }, PAGE_PARAMS['/app/reports/contact-tracing']),
        state: { reportPerson: person },
      } as const;
  }
}

/** The person this page was opened for from another report's row menu, if any. */
export function useReportPerson(): ReportPerson | undefined {
  return useLocation({ select: (location) => location.state.reportPerson });
}
