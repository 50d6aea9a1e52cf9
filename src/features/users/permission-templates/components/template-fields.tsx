import { textProblem } from '@contracts/fields';
import type { PermissionSubject } from '@contracts/permissions';
import type { CatalogPermission } from '@contracts/roles';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { PermissionTable } from '@/widgets/user-editor/permission-table';

export interface TemplateDraft {
  name: string;
  description: string;
  subjects: Set<PermissionSubject>;
}

export const emptyDraft = (): TemplateDraft => ({ name: '', description: '', subjects: new Set() });

/** What is wrong with the name's and the description's characters (invisible or control ones), field by field. */
export const draftProblems = (draft: Pick<TemplateDraft, 'name' | 'description'>) => ({
  name: textProblem(draft.name),
  description: textProblem(draft.description, { multiLine: true }),
});

/** Whether a draft may be saved: a name, and nothing invisible in name or description. */
export const isDraftSavable = (draft: Pick<TemplateDraft, 'name' | 'description'>) => {
  const problems = draftProblems(draft);
  return draft.name.trim().length > 0 && problems.name === null && problems.description === null;
};

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
  const problems = draftProblems(draft);
  return (
    <Stack gap="sm">
      <TextInput
        label="Template name"
        required
        maxLength={80}
        value={draft.name}
        error={problems.name}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
      />
      <Textarea
        label="Description"
        maxLength={500}
        rows={2}
        value={draft.description}
        error={problems.description}
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
