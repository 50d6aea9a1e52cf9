import { templateNeedsScope } from '@contracts/permissions';
import { Alert, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRefreshSession, useSession } from '@/lib/session-context';

/** Whether the signed-in user's template opens an organization's data while they have none to see (docs/PERMISSIONS.md 'Scope'). */
export function lacksScope(user: { managedOrganizationIds: readonly number[]; managedGroupIds: readonly number[] }, role: { permissions: readonly { subject: string }[] }): boolean {
  return user.managedOrganizationIds.length === 0 && user.managedGroupIds.length === 0 && templateNeedsScope(role.permissions.map((p) => p.subject));
}

export const NO_SCOPE_TITLE = 'No organization or location to show yet';
export const NO_SCOPE_TEXT =
  'Your account may open reports and lists, but it has not been given any organization or location to see, so they stay empty. Ask an administrator of your hospital to give you access (Users → Edit → Access).';

/**
 * Above every page of a user whose pages would all be empty for want of a scope, instead of dashes
 * and zeros. While it shows, the app's start reads the session again (the stored one may be from
 * before an administrator gave access), so access given meanwhile shows at the next start.
 */
export function NoScopeNotice() {
  const { user, role } = useSession();
  const lacking = lacksScope(user, role);
  const refresh = useRefreshSession();
  useEffect(() => {
    if (lacking) void refresh();
  }, [lacking, refresh]);
  if (!lacking) return null;
  return (
    <Alert color="orange" variant="light" mb="md" title={NO_SCOPE_TITLE} data-testid="no-scope-notice">
      <Text size="sm">{NO_SCOPE_TEXT}</Text>
    </Alert>
  );
}
