import { Button, Group, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { buildVisibleTree, flattenTree } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { usePermissionCatalog } from '@/entities/roles/api/get-permission-catalog';
import { useCreateRole } from '@/entities/roles/api/save-role';
import { ROLE_TEXT } from '@/entities/roles/messages';
import { templateAccessOf } from '@/entities/roles/template-access';
import { errorText, showError, showSuccess } from '@/components/toasts';
import { emptyDraft, isDraftSavable, TemplateFields } from './template-fields';

/** Create Custom Template: a name and an owner organization are needed (docs/SCREENS.md 'Permission templates'). */
export function CreateTemplateTab() {
  const { bootstrap, role, user } = useSession();
  const access = templateAccessOf(role);
  const catalog = usePermissionCatalog();
  const create = useCreateRole();
  const organizations = useMemo(
    // In the tree's order (each organization under its parent), as every organization picker lists them.
    () => flattenTree(buildVisibleTree(bootstrap.organizations)).filter((o) => o.accessible).map((o) => ({ value: String(o.id), label: o.name })),
    [bootstrap.organizations],
  );
  const [owner, setOwner] = useState<string | null>(String(user.organizationId));
  const [draft, setDraft] = useState(emptyDraft);
  const ownerKnown = organizations.some((o) => o.value === owner);
  const ready = isDraftSavable(draft) && ownerKnown;

  const submit = () => {
    if (!ready) return;
    create.mutate(
      { name: draft.name.trim(), description: draft.description.trim() || null, owner: Number(owner), permissions: [...draft.subjects] },
      {
        onSuccess: () => {
          showSuccess(ROLE_TEXT.created);
          setDraft(emptyDraft());
        },
        onError: (error) => showError(errorText(error), ROLE_TEXT.editError),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Select
        label="Owner organization"
        required
        searchable
        data={organizations}
        value={ownerKnown ? owner : null}
        onChange={setOwner}
        nothingFoundMessage="No results"
      />
      <TemplateFields
        draft={draft}
        onChange={setDraft}
        catalog={catalog.data ?? []}
        catalogLoading={catalog.isPending}
        catalogError={catalog.error}
        grantable={access.held}
      />
      <Group justify="flex-end">
        <Button onClick={submit} disabled={!ready} loading={create.isPending} mih={44}>
          Create Template
        </Button>
      </Group>
    </Stack>
  );
}
