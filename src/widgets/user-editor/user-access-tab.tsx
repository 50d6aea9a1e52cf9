import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserListRow } from '@contracts/user-list';
import { useEffect, useMemo, useState } from 'react';
import type { TreeNode } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { useSetUserScope } from '@/entities/users/api/users-api';
import { refusalText } from '@/entities/users/user-rules';
import { SCOPE_MESSAGES, sameScope, scopeOfRow } from '@/entities/users/user-scope-rules';
import { AccessFields } from './access-fields';
import { showError } from '@/components/toasts';

/**
 * Edit User's Access tab: the organizations and locations the user may see (docs/PERMISSIONS.md
 * 'Scope'), saved on their own. Nobody changes their own.
 */
export function UserAccessTab({ user, organizations, groups }: { user: UserListRow; organizations: readonly TreeNode[]; groups: readonly TreeNode[] }) {
  const { user: me } = useSession();
  const listed = useMemo(() => scopeOfRow(user), [user]);
  // What the server holds: the listed row's until a save answers (the dialog keeps the row it opened with).
  const [saved, setSaved] = useState(listed);
  const [value, setValue] = useState(listed);
  useEffect(() => {
    setSaved(listed);
    setValue(listed);
  }, [listed]);
  const change = useSetUserScope();
  const self = user.id === me.id;

  const save = async () => {
    try {
      const answer = await change.mutateAsync({ id: user.id, body: value });
      setSaved({ managedOrganizationIds: answer.managedOrganizationIds, managedGroupIds: answer.managedGroupIds });
      notifications.show({ color: 'teal', message: SCOPE_MESSAGES.updated });
    } catch (error) {
      showError(refusalText(error, SCOPE_MESSAGES.updateFailed));
    }
  };

  if (self) return <Text size="sm">{SCOPE_MESSAGES.self}</Text>;
  return (
    <Stack gap="sm">
      <AccessFields organizations={organizations} groups={groups} value={value} onChange={setValue} error={null} />
      <Group justify="flex-end">
        <Button mih={44} loading={change.isPending} disabled={sameScope(value, saved)} onClick={() => void save()}>
          Save access
        </Button>
      </Group>
    </Stack>
  );
}
