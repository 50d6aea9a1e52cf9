import { Button, Group, Modal, Select, Stack, Tabs, TextInput } from '@mantine/core';
import type { UserListRow } from '@contracts/user-list';
import type { SetDetailsBody } from '@contracts/users-admin';
import { type ReactNode, useEffect, useState } from 'react';
import { detailsChanges, emailError, formatPhone, nameError, pendingEmailNotice } from '@/entities/users/user-rules';
import { EmailSubscriptionsField } from './email-subscriptions/components/email-subscriptions-field';
import { UserPermissionsTab } from './user-permissions-tab';
import type { TreeNode } from '@/components/filters';
import { UserAccessTab } from './user-access-tab';

export interface EditUserDialogProps {
  user: UserListRow | null;
  onClose: () => void;
  professions: readonly { professionId: string; name: string }[];
  /** Whether the Permissions tab shows (callers with the ROLE permission). */
  showPermissions: boolean;
  onSave: (id: number, body: SetDetailsBody) => Promise<void>;
  /** Shown, not editable: 'User Details' for a caller who may not edit users (Access Management without the Users page). */
  readOnly?: boolean;
  /** The Access tab's trees (the caller's organizations and locations); without them the tab does not show. */
  access?: { organizations: readonly TreeNode[]; groups: readonly TreeNode[] };
}

/** A panel's fields: a fieldset (disabled, it disables every field in it) laid out as a stack. */
function Fields({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="sm">{children}</Stack>
    </fieldset>
  );
}

const fieldsOf = (user: UserListRow | null) => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  phone: formatPhone(user?.phone ?? ''),
  clientUserId: user?.clientUserId ?? '',
  professionId: user?.professionId ?? null,
});

/** Edit User (docs/SCREENS.md 'Users'): tabs Profile and Account (and Access, and Permissions); the username is read-only. */
export function EditUserDialog({ user, onClose, professions, showPermissions, onSave, readOnly = false, access }: EditUserDialogProps) {
  const [fields, setFields] = useState(() => fieldsOf(user));
  const [busy, setBusy] = useState(false);
  useEffect(() => setFields(fieldsOf(user)), [user]);
  const set = (patch: Partial<typeof fields>) => setFields((current) => ({ ...current, ...patch }));
  const changes = user ? detailsChanges(user, fields) : {};
  const problems = { firstName: nameError(fields.firstName), lastName: nameError(fields.lastName), clientUserId: nameError(fields.clientUserId), email: emailError(fields.email) };
  const canSave = !readOnly && Object.keys(changes).length > 0 && Object.values(problems).every((problem) => problem === null);

  const save = async () => {
    if (!user || !canSave) return;
    setBusy(true);
    try {
      await onSave(user.id, changes);
      onClose();
    } catch {
      // The page has shown the failure; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title={readOnly ? 'User Details' : 'Edit User'} size="lg">
      {user && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="profile">Profile</Tabs.Tab>
              <Tabs.Tab value="account">Account</Tabs.Tab>
              {access && !readOnly && <Tabs.Tab value="access">Access</Tabs.Tab>}
              {showPermissions && <Tabs.Tab value="permissions">Permissions</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="profile" pt="md">
              <Fields disabled={readOnly}>
                <Group grow align="flex-start">
                  <TextInput label="First Name" value={fields.firstName} error={problems.firstName} onChange={(e) => set({ firstName: e.currentTarget.value })} />
                  <TextInput label="Last Name" value={fields.lastName} error={problems.lastName} onChange={(e) => set({ lastName: e.currentTarget.value })} />
                </Group>
                <TextInput label="Employee ID" value={fields.clientUserId} error={problems.clientUserId} onChange={(e) => set({ clientUserId: e.currentTarget.value })} />
                <Select
                  label="Profession"
                  searchable
                  data={professions.map((p) => ({ value: p.professionId, label: p.name }))}
                  value={fields.professionId}
                  onChange={(professionId) => set({ professionId })}
                />
              </Fields>
            </Tabs.Panel>
            <Tabs.Panel value="account" pt="md">
              <Fields disabled={readOnly}>
                <TextInput label="Username" value={user.userName} readOnly disabled />
                <TextInput
                  label="Email"
                  type="email"
                  value={fields.email}
                  error={problems.email}
                  description={user.pendingEmail ? pendingEmailNotice(user.pendingEmail) : undefined}
                  onChange={(e) => set({ email: e.currentTarget.value })}
                />
                <TextInput
                  label="Phone"
                  type="tel"
                  placeholder="(555) 555 -5555"
                  value={fields.phone}
                  onChange={(e) => set({ phone: formatPhone(e.currentTarget.value) })}
                />
                {!readOnly && <EmailSubscriptionsField userId={user.id} />}
              </Fields>
            </Tabs.Panel>
            {access && !readOnly && (
              <Tabs.Panel value="access" pt="md">
                <UserAccessTab user={user} organizations={access.organizations} groups={access.groups} />
              </Tabs.Panel>
            )}
            {showPermissions && (
              <Tabs.Panel value="permissions" pt="md">
                <UserPermissionsTab user={user} onDone={onClose} />
              </Tabs.Panel>
            )}
          </Tabs>
          <Group justify="flex-end" mt="md">
            <Button variant="default" mih={44} onClick={onClose}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {!readOnly && (
              <Button type="submit" mih={44} loading={busy} disabled={!canSave}>
                Save
              </Button>
            )}
          </Group>
        </form>
      )}
    </Modal>
  );
}
