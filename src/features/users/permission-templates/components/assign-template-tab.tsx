import { Alert, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { userKeys } from '@/entities/users/api/keys';
import { assignInBatches, type AssignOutcome } from '@/entities/roles/api/assign-role';
import { useRoleTemplates } from '@/entities/roles/api/get-roles';
import { ASSIGN_CLOSE_MS, DIALOG_PAGE_SIZE, ROLE_TEXT } from '@/entities/roles/messages';
import { showError, showSuccess } from '@/components/toasts';

/** A user the Users page selected. */
export interface TemplateTarget {
  id: number;
  name: string;
}

/**
 * Assign Permissions Template: the selected users get one template, 25 at a time, with
 * a progress bar; once every one succeeded the menu closes after 2 s.
 */
export function AssignTemplateTab({ users, organizationId, onDone }: { users: readonly TemplateTarget[]; organizationId: number | null; onDone: () => void }) {
  const templates = useRoleTemplates(organizationId);
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<AssignOutcome | null>(null);
  const running = done !== null && outcome === null;

  useEffect(() => {
    if (!outcome || outcome.failed.length > 0 || outcome.assigned.length === 0) return;
    const timer = setTimeout(onDone, ASSIGN_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome, onDone]);

  const assign = async () => {
    if (!roleId || users.length === 0) return;
    setOutcome(null);
    setDone(0);
    const result = await assignInBatches(
      users.map((u) => u.id),
      Number(roleId),
      setDone,
    );
    setOutcome(result);
    // The users lists show each user's template.
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    if (result.failed.length === 0) showSuccess(ROLE_TEXT.usersAssigned(result.assigned.length));
    else showError(`${result.failed.length} of ${users.length} failed: ${result.failed[0]!.message}`, ROLE_TEXT.assignError);
  };

  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  return (
    <Stack gap="sm">
      {users.length === 0 ? (
        <Alert color="gray">Select users in the Users table to assign them a template.</Alert>
      ) : (
        <DataTable
          label="Selected users"
          columns={[{ key: 'name', header: 'Name', value: (u: TemplateTarget) => u.name }]}
          rows={users}
          rowKey={(u) => u.id}
          pageSize={DIALOG_PAGE_SIZE}
        />
      )}
      <Select
        label="Permissions Template"
        placeholder={organizationId ? 'Select a template' : 'Select an organization first'}
        data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        value={roleId}
        onChange={setRoleId}
        disabled={running}
        nothingFoundMessage="No results"
      />
      {done !== null && (
        <Stack gap={4}>
          <Progress value={users.length ? (done / users.length) * 100 : 0} aria-label="Assignment progress" animated={running} />
          <Text size="sm" role="status">
            {outcome
              ? outcome.failed.length === 0
                ? ROLE_TEXT.usersAssigned(outcome.assigned.length)
                : `${ROLE_TEXT.usersPartlyAssigned(outcome.assigned.length)} ${outcome.failed.length} failed: ${outcome.failed
                    .slice(0, 3)
                    .map((f) => nameOf.get(f.userId))
                    .join(', ')}`
              : `${done}/${users.length}`}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void assign()} disabled={!roleId || users.length === 0 || running} loading={running} mih={44}>
          Assign
        </Button>
      </Group>
    </Stack>
  );
}
