import { describe, expect, it } from 'vitest';
import { lacksScope } from './no-scope-notice';

const role = (...subjects: string[]) => ({ permissions: subjects.map((subject) => ({ subject })) });
const none = { managedOrganizationIds: [], managedGroupIds: [] };

describe('the notice of a user with nothing to see', () => {
  it('shows for a template that opens reports or lists while the user has no organization or location', () => {
    expect(lacksScope(none, role('USER_OVERVIEW', 'STAFF_ROUNDING'))).toBe(true);
    expect(lacksScope(none, role('BADGES'))).toBe(true);
  });

  it('does not show for a user who sees only their own figures, or who has something to see', () => {
    expect(lacksScope(none, role('USER_OVERVIEW'))).toBe(false);
    expect(lacksScope({ managedOrganizationIds: [5], managedGroupIds: [] }, role('STAFF_ROUNDING'))).toBe(false);
    expect(lacksScope({ managedOrganizationIds: [], managedGroupIds: [6] }, role('STAFF_ROUNDING'))).toBe(false);
  });
});
