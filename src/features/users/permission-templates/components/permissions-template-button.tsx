import { Button } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '@/lib/session-context';
import { templateAccessOf } from '@/entities/roles/template-access';
import type { TemplateTarget } from './assign-template-tab';
import { PermissionsTemplateMenu } from './permissions-template-menu';

export interface PermissionsTemplateButtonProps {
  /** The users selected in the Users table: the Assign tab gives them a template. */
  users?: readonly TemplateTarget[];
  /** The organization whose templates the Assign tab offers (the Users page's filter); the user's own when absent. */
  organizationId?: number | null;
}

/**
 * The Users page's 'Permissions Template' button: only for holders of ROLE with template id 1
 * (docs/SCREENS.md 'Permission templates').
 */
export function PermissionsTemplateButton({ users = [], organizationId }: PermissionsTemplateButtonProps) {
  const { role, user } = useSession();
  const [opened, setOpened] = useState(false);
  if (!templateAccessOf(role).canManage) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} mih={44}>
        Permissions Template
      </Button>
      {opened && (
        <PermissionsTemplateMenu
          opened
          onClose={() => setOpened(false)}
          users={users}
          organizationId={organizationId ?? user.organizationId}
        />
      )}
    </>
  );
}
