import { Stack, Text } from '@mantine/core';
import { TreeMultiSelect, type TreeNode } from '@/components/filters';
import type { ScopeValues } from '@/entities/users/user-scope-rules';

/** 'Organization Access' and 'Location Access' (docs/PERMISSIONS.md 'Scope'): what the user may see, each with everything under it. */
export function AccessFields({
  organizations,
  groups,
  value,
  onChange,
  error,
}: {
  organizations: readonly TreeNode[];
  groups: readonly TreeNode[];
  value: ScopeValues;
  onChange: (next: ScopeValues) => void;
  error: string | null;
}) {
  return (
    <Stack gap="xs">
      <TreeMultiSelect
        label="Organization Access"
        nodes={organizations}
        value={value.managedOrganizationIds}
        onChange={(managedOrganizationIds) => onChange({ ...value, managedOrganizationIds })}
        placeholder="None"
        allowEmpty
      />
      <TreeMultiSelect
        label="Location Access"
        nodes={groups}
        value={value.managedGroupIds}
        onChange={(managedGroupIds) => onChange({ ...value, managedGroupIds })}
        placeholder="None"
        allowEmpty
      />
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {value.managedOrganizationIds.length === 0 && value.managedGroupIds.length === 0
            ? 'None: the user sees only their own figures.'
            : 'The user sees these organizations and locations, with everything under them, in every page their template opens.'}
        </Text>
      )}
    </Stack>
  );
}
