import { Button, Tooltip } from '@mantine/core';
import type { UserListRow } from '@contracts/wearables-admin';

// Places on the Users screen whose components are built elsewhere (user import, permission
// templates, email subscriptions). Each renders what the screen shows until its component lands.

/** Import Users: a disabled button until the import dialog is wired here. */
export function ImportUsersSlot(_props: { organizationIds: readonly number[] }) {
  return (
    <Tooltip label="Import">
      <span>
        <Button variant="default" mih={44} disabled>
          Import
        </Button>
      </span>
    </Tooltip>
  );
}

/** The Permissions Template menu button (callers with role id 1 and the ROLE permission). */
export function PermissionsTemplateSlot(_props: { organizationIds: readonly number[] }) {
  return null;
}

/** The Edit User dialog's Permissions tab (callers with the ROLE permission). */
export function UserPermissionsTabSlot(_props: { user: UserListRow }) {
  return null;
}

/** The Account tab's compliance-report subscription field (callers with USER_EMAIL). */
export function EmailSubscriptionSlot(_props: { user: UserListRow }) {
  return null;
}
