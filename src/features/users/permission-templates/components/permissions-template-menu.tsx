import { Modal, Tabs } from '@mantine/core';
import { useState } from 'react';
import { AssignTemplateTab, type TemplateTarget } from './assign-template-tab';
import { CreateTemplateTab } from './create-template-tab';
import { EditTemplateTab } from './edit-template-tab';

type MenuTab = 'create' | 'edit' | 'assign';

export interface PermissionsTemplateMenuProps {
  opened: boolean;
  onClose: () => void;
  users: readonly TemplateTarget[];
  organizationId: number | null;
  initialTab?: MenuTab;
}

/** The Permissions Template Menu (docs/SCREENS.md 'Permission templates'): create, edit and assign templates. */
export function PermissionsTemplateMenu({ opened, onClose, users, organizationId, initialTab }: PermissionsTemplateMenuProps) {
  const [tab, setTab] = useState<MenuTab>(initialTab ?? (users.length > 0 ? 'assign' : 'create'));
  return (
    <Modal opened={opened} onClose={onClose} title="Permissions Template Menu" size="xl">
      <Tabs value={tab} onChange={(value) => value && setTab(value as MenuTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="create" mih={44}>Create Custom Template</Tabs.Tab>
          <Tabs.Tab value="edit" mih={44}>Edit Custom Templates</Tabs.Tab>
          <Tabs.Tab value="assign" mih={44}>Assign Permissions Template</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="create">
          <CreateTemplateTab />
        </Tabs.Panel>
        <Tabs.Panel value="edit">
          <EditTemplateTab />
        </Tabs.Panel>
        <Tabs.Panel value="assign">
          <AssignTemplateTab users={users} organizationId={organizationId} onDone={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
