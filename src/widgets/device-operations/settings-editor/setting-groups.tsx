import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import type { SettingGroupView } from '@contracts/device-settings';
import { SettingControl } from './setting-controls';
import type { FieldEdit, TabState } from './settings-editor-state';

function GroupSection({ group, tab, onEdit }: { group: SettingGroupView; tab: TabState; onEdit: (label: string, edit: FieldEdit) => void }) {
  const id = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title id={id} order={3} size="h5">
        {group.label}
      </Title>
      {group.settings.map((setting) => (
        <SettingControl key={setting.label} setting={setting} tab={tab} onEdit={(edit) => onEdit(setting.label, edit)} />
      ))}
    </Stack>
  );
}

/** The middle column: each group of settings with a control per setting. */
export function SettingGroups({ tab, onEdit }: { tab: TabState; onEdit: (label: string, edit: FieldEdit) => void }) {
  return (
    <Stack gap="lg">
      {tab.groups
        .filter((group) => group.settings.length > 0)
        .map((group) => (
          <GroupSection key={group.label} group={group} tab={tab} onEdit={onEdit} />
        ))}
    </Stack>
  );
}
