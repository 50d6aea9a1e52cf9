import { describe, expect, it } from 'vitest';
import { defaultFilters } from '@/features/reports/filters/filter-state';
import { personLink as linkWith, type PersonTarget, type ReportPerson } from '@/features/reports/shared/links/person-links';
import { REPORT_KEEPS } from './route-table';

const filters = {
  ...defaultFilters(
    { user: { managedOrganizationIds: [2], managedGroupIds: [] }, organizations: [{ id: 2, accessible: true }, { id: 3, accessible: true }], groups: [] },
    '2026-11-26',
  ),
  startDate: '2026-11-01',
  endDate: '2026-11-10',
};
const person = { id: 42, name: 'Ada Lovelace', organizationId: 3 };
/** The link as the report pages make it: carrying what the receiving page's route-table row keeps. */
const personLink = (target: PersonTarget, state: typeof filters, who: ReportPerson) => linkWith(target, state, who, (path) => REPORT_KEEPS[path]);

describe('personLink', () => {
  it('opens the compliance report of the person over the same range', () => {
    const link = personLink('compliance', filters, person);
    expect(link.to).toBe('/app/reports/compliance');
    expect(link.search).toMatchObject({ userIds: 42, startDate: '2026-11-01', endDate: '2026-11-10' });
  });

  it('opens staff rounding on the user tab searching the name, the person in the history state', () => {
    const link = personLink('staff-rounding', filters, person);
    expect(link.search).toMatchObject({ tab: 'user', search: 'Ada Lovelace', startDate: '2026-11-01', endDate: '2026-11-10' });
    expect(link.state).toEqual({ reportPerson: person });
  });

  it("opens contact tracing on the range's last day in the person's organization", () => {
    const link = personLink('contact-tracing', filters, person);
    expect(link.search).toEqual({ mode: 'contacts', organizationIds: 3, search: 'Ada Lovelace', date: '2026-11-10' });
    expect(link.state).toEqual({ reportPerson: person });
  });

  it("opens a person's contacts even from the exposure view", () => {
    const link = personLink('contact-tracing', { ...filters, mode: 'exposure' }, person);
    expect(link.search).toMatchObject({ mode: 'contacts', search: 'Ada Lovelace' });
    expect(link.state).toEqual({ reportPerson: person });
  });
});
