import type { PermissionSubject } from '@contracts/permissions';
import type { CatalogPermission } from '@contracts/roles';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { PermissionTable } from './permission-table';

export interface TemplateDraft {
  name: string;
  description: string;
  subjects: Set<PermissionSubject>;
}

export const emptyDraft = (): TemplateDraft => ({ name: '', description: '', subjects: new Set() });

/** Name, description and permissions of a template being created or edited. */
export function TemplateFields({
  draft,
  onChange,
  catalog,
  catalogLoading,
  catalogError,
  grantable,
  disabled,
}: {
  draft: TemplateDraft;
  onChange: (next: TemplateDraft) => void;
  catalog: readonly CatalogPermission[];
  catalogLoading: boolean;
  catalogError: Error | null;
  grantable: ReadonlySet<PermissionSubject>;
  disabled?: boolean;
}) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Template name"
        required
        maxLength={80}
        value={draft.name}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
      />
      <Textarea
        label="Description"
        maxLength={500}
        rows={2}
        value={draft.description}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, description: e.currentTarget.value })}
      />
      <PermissionTable
        catalog={catalog}
        selected={draft.subjects}
        onChange={disabled ? undefined : (subjects) => onChange({ ...draft, subjects })}
        grantable={grantable}
        loading={catalogLoading}
        error={catalogError}
      />
    </Stack>
  );
}
