import type { Role } from '@contracts/entities';
import { isDefaultTemplate, LOCKED_TEMPLATE_ID } from '@contracts/roles';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { useSession } from '@/lib/session-context';
import { usePermissionCatalog } from '@/entities/roles/api/get-permission-catalog';
import { useRoleTemplates } from '@/entities/roles/api/get-roles';
import { useUpdateRole } from '@/entities/roles/api/save-role';
import { ROLE_TEXT } from '@/entities/roles/messages';
import { isEditable, templateAccessOf } from '@/entities/roles/template-access';
import { errorText, showError, showSuccess } from '@/components/toasts';
import { ConfirmTemplateDialog } from './confirm-template-dialog';
import { isDraftSavable, TemplateFields, type TemplateDraft } from './template-fields';

const draftOf = (role: Role): TemplateDraft => ({
  name: role.name,
  description: role.description ?? '',
  subjects: new Set(role.permissions.map((p) => p.subject)),
});

/** Edit Custom Templates: one selected template of an organization; a default one is saved after Confirm Template. */
export function EditTemplateTab() {
  const { bootstrap, role, user } = useSession();
  const access = templateAccessOf(role);
  const organizations = useMemo(
    () => bootstrap.organizations.filter((o) => o.accessible).map((o) => ({ value: String(o.id), label: o.name })),
    [bootstrap.organizations],
  );
  const [organizationId, setOrganizationId] = useState<string | null>(String(user.organizationId));
  const templates = useRoleTemplates(organizationId ? Number(organizationId) : null);
  const catalog = usePermissionCatalog();
  const update = useUpdateRole();
  const [selected, setSelected] = useState<Role | null>(null);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [confirming, setConfirming] = useState(false);

  const options = (templates.data ?? []).map((t) => ({
    value: String(t.id),
    label: t.id === LOCKED_TEMPLATE_ID ? `${t.name} (locked)` : t.name,
    disabled: t.id === LOCKED_TEMPLATE_ID,
  }));
  const pick = (value: string | null) => {
    const template = templates.data?.find((t) => String(t.id) === value) ?? null;
    setSelected(template);
    setDraft(template ? draftOf(template) : null);
  };
  const editable = selected !== null && isEditable(selected, user.isEmployee);

  const save = () => {
    if (!selected || !draft) return;
    update.mutate(
      { id: selected.id, body: { name: draft.name.trim(), description: draft.description.trim() || null, permissions: [...draft.subjects] } },
      {
        onSuccess: (saved) => {
          showSuccess(ROLE_TEXT.updated);
          setSelected(saved);
          setDraft(draftOf(saved));
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          showError(errorText(error), ROLE_TEXT.editError);
        },
      },
    );
  };
  const requestSave = () => (selected && isDefaultTemplate(selected.id) ? setConfirming(true) : save());

  return (
    <Stack gap="sm">
      <Group grow align="flex-end">
        <Select
          label="Organization"
          searchable
          data={organizations}
          value={organizationId}
          onChange={(value) => {
            setOrganizationId(value);
            pick(null);
          }}
          nothingFoundMessage="No results"
        />
        <Select
          label="Template"
          placeholder={templates.isPending && organizationId ? 'Loading...' : 'Select a template'}
          data={options}
          value={selected ? String(selected.id) : null}
          onChange={pick}
          nothingFoundMessage="No results"
        />
      </Group>
      {templates.error && <LoadError error={templates.error} />}
      {selected && isDefaultTemplate(selected.id) && (
        <Alert color="yellow" role="note">
          {ROLE_TEXT.defaultWarning}
        </Alert>
      )}
      {selected && !editable && (
        <Text size="sm" c="dimmed">
          {selected.id === LOCKED_TEMPLATE_ID ? 'This template is locked.' : 'Only provider employees may edit the default templates.'}
        </Text>
      )}
      {draft ? (
        <TemplateFields
          draft={draft}
          onChange={setDraft}
          catalog={catalog.data ?? []}
          catalogLoading={catalog.isPending}
          catalogError={catalog.error}
          grantable={access.held}
          disabled={!editable}
        />
      ) : (
        <Text c="dimmed">Select a template to edit it.</Text>
      )}
      <Group justify="flex-end">
        <Button onClick={requestSave} disabled={!editable || !draft || !isDraftSavable(draft)} loading={update.isPending && !confirming} mih={44}>
          Save Template
        </Button>
      </Group>
      <ConfirmTemplateDialog opened={confirming} busy={update.isPending} onConfirm={save} onCancel={() => setConfirming(false)} />
    </Stack>
  );
}
