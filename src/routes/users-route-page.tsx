import { Menu } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { UserListRow } from '@contracts/user-list';
import { todayUtc } from '@/components/filters';
import UsersPage from '@/features/users/pages/users-page';
import { defaultFilters } from '@/features/reports/filters/filter-state';
import { personLink, type PersonTarget, useAllowedPersonTargets } from '@/features/reports/shared/links/person-links';
import { useSession } from '@/lib/session-context';
import { REPORT_KEEPS } from './route-table';

// The Users screen with its row links to the reports (docs/SCREENS.md 'Users'): composed here, since
// features do not import each other.

const TARGETS: readonly PersonTarget[] = ['compliance', 'staff-rounding'];
const LABELS: Partial<Record<PersonTarget, string>> = { compliance: 'Compliance', 'staff-rounding': 'Staff Rounding' };

/** Compliance (the user in their organization) and Staff Rounding (the user's name), as the user may open them. */
function ReportLinks({ user }: { user: UserListRow }) {
  const navigate = useNavigate();
  const { bootstrap, user: me } = useSession();
  const offered = useAllowedPersonTargets(TARGETS);
  const filters = defaultFilters({ user: me, organizations: bootstrap.organizations, groups: bootstrap.groups }, todayUtc());
  const person = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), organizationId: user.organizationId };
  return offered.map((target) => (
    <Menu.Item key={target} mih={44} onClick={() => void navigate(personLink(target, filters, person, (path) => REPORT_KEEPS[path]))}>
      {LABELS[target]}
    </Menu.Item>
  ));
}

export default function UsersRoutePage({ entry }: { entry: { title: string } }) {
  return <UsersPage entry={entry} rowActions={(user) => <ReportLinks user={user} />} />;
}
