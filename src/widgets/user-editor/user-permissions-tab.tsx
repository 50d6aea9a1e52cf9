import type { PermissionSubject } from '@contracts/permissions';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { userKeys } from '@/entities/users/api/keys';
import { useSession } from '@/lib/session-context';
import { assignRole } from '@/entities/roles/api/assign-role';
import { usePermissionCatalog } from '@/entities/roles/api/get-permission-catalog';
import { useRoleTemplates } from '@/entities/roles/api/get-roles';
import { ASSIGN_CLOSE_MS, ROLE_TEXT } from '@/entities/roles/messages';
import { templateAccessOf } from '@/entities/roles/template-access';
import { errorText, showError, showSuccess } from '@/components/toasts';
import { PermissionTable } from './permission-table';

/** The user the Edit User dialog is about: their organization and, when known, their template. */
export interface PermissionsTabUser {
  id: number;
  organizationId: number;
  role?: { id: number; name: string } | null;
  roleId?: number | null;
}

export interface UserPermissionsTabProps {
  user: PermissionsTabUser;
  /** The user's template was replaced (the host shows the new one). */
  onAssigned?: (role: { id: number; name: string }) => void;
  /** 2 s after a successful change: the host closes the dialog. */
  onDone?: () => void;
}

/**
 * The Permissions tab of Edit User (docs/SCREENS.md 'Permission templates'): the user's template
 * and what it grants. Changing it needs USER_PERMISSION_TEMPLATE; the host shows the tab only to
 * holders of ROLE with template 1.
 */
export function UserPermissionsTab({ user, onAssigned, onDone }: UserPermissionsTabProps) {
  const { role } = useSession();
  const access = templateAccessOf(role);
  const templates = useRoleTemplates(user.organizationId);
  const catalog = usePermissionCatalog();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<number | null>(user.role?.id ?? user.roleId ?? null);
  const [chosen, setChosen] = useState<string | null>(current === null ? null : String(current));
  const change = useMutation({
    mutationFn: (roleId: number) => assignRole(user.id, roleId),
    onSuccess: (answer) => {
      setCurrent(answer.role.id);
      showSuccess(ROLE_TEXT.assigned);
      onAssigned?.({ id: answer.role.id, name: answer.role.name });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => showError(errorText(error), ROLE_TEXT.assignError),
  });

  useEffect(() => {
    if (!change.isSuccess || !onDone) return;
    const timer = setTimeout(onDone, ASSIGN_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [change.isSuccess, onDone]);

  const template = templates.data?.find((t) => String(t.id) === chosen) ?? null;
  const subjects = useMemo(() => new Set<PermissionSubject>(template?.permissions.map((p) => p.subject) ?? []), [template]);
  const changed = chosen !== null && Number(chosen) !== current;

  return (
    <Stack gap="sm">
      <Group align="flex-end" grow>
        <Select
          label="Permissions Template"
          placeholder={templates.isPending ? 'Loading...' : 'Select a template'}
          data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={chosen}
          onChange={setChosen}
          disabled={!access.canAssign || change.isPending}
          nothingFoundMessage="No results"
        />
      </Group>
      {!access.canAssign && (
        <Text size="sm" c="dimmed">
          You may not change this user’s template.
        </Text>
      )}
      {templates.error && (
        <Text c="red" size="sm">
          {templates.error.message}
        </Text>
      )}
      <PermissionTable
        label="Template permissions"
        catalog={catalog.data ?? []}
        selected={subjects}
        loading={catalog.isPending || templates.isPending}
        error={catalog.error}
      />
      <Group justify="flex-end">
        {change.isPending && (
          <Text size="sm" role="status">
            Assigning…
          </Text>
        )}
        <Button onClick={() => chosen && change.mutate(Number(chosen))} disabled={!access.canAssign || !changed} loading={change.isPending} mih={44}>
          Save Template
        </Button>
      </Group>
    </Stack>
  );
}
