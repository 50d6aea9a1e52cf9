import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TreeSelect, type TreeNode } from '@/components/filters';
import {
  type AddUserValues,
  addUserPayload,
  canSubmitAddUser,
  createUserErrorText,
  emailError,
  emptyAddUser,
  isValidEmail,
  nameError,
  siteAccessError,
  userNameError,
} from '@/entities/users/user-rules';
import { scopeError, scopeForOrganization, scopeForTemplate } from '@/entities/users/user-scope-rules';
import { AccessFields } from '@/widgets/user-editor/access-fields';

/**
 * A permissions template the form offers. One that opens an organization's data (`needsScope`)
 * shows the access pickers, not only one granting MANAGES_ORGANIZATION (docs/PERMISSIONS.md 'Scope').
 */
export interface TemplateOption {
  id: number;
  name: string;
  needsScope: boolean;
}

export interface AddUserDialogProps {
  opened: boolean;
  onClose: () => void;
  organizations: readonly TreeNode[];
  groups: readonly TreeNode[];
  professions: readonly { professionId: string; name: string }[];
  templates: readonly TemplateOption[];
  /** The organization preselected (the first of the page's filter). */
  defaultOrganizationId: number | null;
  clientId: string;
  /** Sends the add-user payload; a rejection keeps the dialog open and shows the failure. */
  onSubmit: (payload: ReturnType<typeof addUserPayload>) => Promise<void>;
  onError: (message: string) => void;
}

/** Add New User (docs/SCREENS.md 'Users'). */
export function AddUserDialog({
  opened,
  onClose,
  organizations,
  groups,
  professions,
  templates,
  defaultOrganizationId,
  clientId,
  onSubmit,
  onError,
}: AddUserDialogProps) {
  const [values, setValues] = useState<AddUserValues>(() => emptyAddUser(defaultOrganizationId));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) setValues(emptyAddUser(defaultOrganizationId));
  }, [opened, defaultOrganizationId]);
  const set = (patch: Partial<AddUserValues>) => setValues((current) => ({ ...current, ...patch }));
  const template = templates.find((t) => t.id === values.roleId);
  const accessError = scopeError(template?.needsScope ?? false, values);
  const canSubmit = canSubmitAddUser(values) && accessError === null;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    try {
      await onSubmit(addUserPayload(values, clientId));
      onClose();
    } catch (error) {
      onError(createUserErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add New User" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label="First Name" required value={values.firstName} error={nameError(values.firstName)} onChange={(e) => set({ firstName: e.currentTarget.value })} />
            <TextInput label="Last Name" required value={values.lastName} error={nameError(values.lastName)} onChange={(e) => set({ lastName: e.currentTarget.value })} />
          </Group>
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            error={emailError(values.email) ?? siteAccessError(values)}
            onChange={(e) => {
              const email = e.currentTarget.value;
              // Site access needs a valid email: losing it turns the toggle off.
              set({ email, accessState: values.accessState && isValidEmail(email) });
            }}
          />
          <Switch
            label="Grant site access"
            description={values.accessState ? 'An invitation is emailed; they sign in with their email.' : undefined}
            checked={values.accessState}
            disabled={!isValidEmail(values.email)}
            onChange={(e) => set({ accessState: e.currentTarget.checked })}
          />
          <TextInput
            label="Username"
            description="Optional"
            value={values.accessState ? values.email.trim().toLowerCase() : values.userName}
            disabled={values.accessState}
            error={values.accessState ? null : userNameError(values.userName)}
            onChange={(e) => set({ userName: e.currentTarget.value })}
          />
          <TextInput label="Employee ID" value={values.clientUserId} error={nameError(values.clientUserId)} onChange={(e) => set({ clientUserId: e.currentTarget.value })} />
          <TreeSelect
            label="Organization"
            nodes={organizations}
            value={values.organizationId}
            onChange={(organizationId) => setValues((current) => scopeForOrganization(current, organizationId))}
            placeholder="Select organization"
          />
          <Select
            label="Profession"
            required
            searchable
            data={professions.map((p) => ({ value: p.professionId, label: p.name }))}
            value={values.professionId}
            onChange={(professionId) => set({ professionId })}
          />
          <Select
            label="Permissions Template"
            required
            data={templates.map((t) => ({ value: String(t.id), label: t.name }))}
            value={values.roleId === null ? null : String(values.roleId)}
            onChange={(id) => {
              const roleId = id === null ? null : Number(id);
              // Individual User clears the access; a template that needs some starts at the user's organization (docs/PERMISSIONS.md 'Scope').
              const needs = templates.find((t) => t.id === roleId)?.needsScope ?? false;
              setValues((current) => scopeForTemplate({ ...current, roleId }, roleId, needs));
            }}
          />
          {template?.needsScope && <AccessFields organizations={organizations} groups={groups} value={values} onChange={set} error={accessError} />}
          <Group justify="flex-end" mt="md">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={44} loading={busy} disabled={!canSubmit}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
