import { ActionIcon, Badge, Button, Group, Menu, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getRouteApi } from '@tanstack/react-router';
import type { UserListRow } from '@contracts/user-list';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn, type DataTableSort, type RowKey } from '@/components/data-table';
import { UnassignWearableDialog } from '@/widgets/wearable-holders/unassign-wearable-dialog';
import type { UnassignTarget } from '@/entities/devices/use-unassign-wearable';
import { SearchableSelect, SearchInput, TreeMultiSelect } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { errorMessageOf } from '@/lib/api-client';
import { getConfig } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { useCreateUser, useSetUserActive, useSetUserDetails, useUsersOf } from '@/entities/users/api/users-api';
import { AddUserDialog, type TemplateOption } from '../components/add-user-dialog';
import { DeviceCell } from '../components/device-cell';
import { EditUserDialog } from '@/widgets/user-editor/edit-user-dialog';
import { UserHistoryDialog } from '../components/user-history-dialog';
import { ImportUsersButton } from '../import/components/import-users-button';
import { PermissionsTemplateButton } from '@/features/users/permission-templates/components/permissions-template-button';
import { useRoleTemplates } from '@/entities/roles/api/get-roles';
import { UsersExportButton } from '@/widgets/users-export/users-export-button';
import { ACTIVATION_REFRESH_MS, refusalText, updatedText, USER_MESSAGES, USERS_PAGE_SIZE } from '@/entities/users/user-rules';
import type { UsersAddress } from '@/entities/users/users-search';
import { usePendingUnassigns } from '../pending-unassigns';
import { needsScope } from '@/entities/users/user-scope-rules';
import { useUserColumns, USERS_INITIAL_SORT } from '@/entities/users/user-columns';
import { ABOVE_CALLER_MESSAGE, INDIVIDUAL_USER_ROLE_ID, SELF_DEACTIVATION_MESSAGE } from '@contracts/users-admin';
import { useAccountsOrganizations } from '@/entities/users/use-accounts-organizations';
import { showError } from '@/components/toasts';

const route = getRouteApi('/app/accounts/users');

/** What Add User offers before the templates have loaded: the default 'Individual User'. */
export const DEFAULT_TEMPLATES: TemplateOption[] = [{ id: INDIVIDUAL_USER_ROLE_ID, name: 'Individual User', needsScope: false }];

const toastSuccess = (message: string) => notifications.show({ color: 'teal', message });

/** Row actions composed in by the routes (links to other features' pages: Compliance, Staff Rounding). */
export type UserRowActions = (user: UserListRow) => React.ReactNode;

/** The wearable a user holds, to unassign. */
const unassignTargetOf = (row: UserListRow): UnassignTarget | null =>
  row.device && {
    mac: row.device.mac,
    wearableId: row.device.id,
    deviceType: row.device.type,
    code: row.device.code,
    user: { id: row.id, userName: row.userName, firstName: row.firstName, lastName: row.lastName },
  };

/**
 * Users (docs/SCREENS.md 'Users'): the users of the chosen organizations, with Add, Edit, Unassign
 * Device, Deactivate and Activate.
 */
export default function UsersPage({ entry, rowActions }: { entry: { title: string }; rowActions?: UserRowActions }) {
  const { bootstrap, user: me, role } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: UsersAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const [organizationIds, chooseOrganizations] = useAccountsOrganizations(search.organizationIds, (ids) => update({ organizationIds: ids }));
  const text = search.search ?? '';
  const [professionId, setProfessionId] = useState<string | null>(null);
  const users = useUsersOf(organizationIds, text, professionId);
  const create = useCreateUser();
  const details = useSetUserDetails();
  const setActive = useSetUserActive();

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserListRow | null>(null);
  const [viewing, setViewing] = useState<UserListRow | null>(null);
  const [deactivating, setDeactivating] = useState<UserListRow | null>(null);
  const [history, setHistory] = useState<UserListRow | null>(null);
  const [unassigning, setUnassigning] = useState<UnassignTarget | null>(null);
  // Unassignments still in the outbox: the Device cell shows them, and no second one is offered meanwhile.
  const pendingUnassigns = usePendingUnassigns();
  // The users chosen for a template, kept with their names across searches (the rows change, the choice stays).
  const [chosen, setChosen] = useState<ReadonlyMap<RowKey, string>>(new Map());
  const selected = useMemo(() => new Set(chosen.keys()), [chosen]);
  const choose = (next: Set<RowKey>) =>
    setChosen((before) => {
      const names = new Map((users.data ?? []).map((u) => [u.id as RowKey, `${u.firstName} ${u.lastName}`.trim()]));
      return new Map([...next].map((id) => [id, names.get(id) ?? before.get(id) ?? String(id)]));
    });
  const roleTemplates = useRoleTemplates(organizationIds[0]);
  const templates = useMemo<TemplateOption[]>(
    () =>
      roleTemplates.data?.map((t) => ({ id: t.id, name: t.name, needsScope: needsScope(t) })) ?? DEFAULT_TEMPLATES,
    [roleTemplates.data],
  );

  const shared = useUserColumns();
  const [sort, setSort] = useState<DataTableSort>(USERS_INITIAL_SORT);
  const professions = bootstrap.enums.professions;
  const professionOptions = useMemo(
    () => [...new Map(professions.map((p) => [p.professionId, { value: p.professionId, label: p.name }])).values()],
    [professions],
  );
  const showPermissions = role.permissions.some((p) => p.subject === 'ROLE');

  const activate = async (row: UserListRow) => {
    try {
      await setActive.mutateAsync({ id: row.id, active: true });
      toastSuccess(USER_MESSAGES.reactivated);
      // The list refreshes 500 ms after an activation.
      setTimeout(() => void users.refetch(), ACTIVATION_REFRESH_MS);
    } catch (error) {
      showError(refusalText(error, USER_MESSAGES.reactivateFailed));
    }
  };

  const deactivate = async (row: UserListRow) => {
    setDeactivating(null);
    try {
      await setActive.mutateAsync({ id: row.id, active: false });
      toastSuccess(USER_MESSAGES.deactivated);
      void users.refetch();
    } catch (error) {
      showError(refusalText(error, USER_MESSAGES.deactivateFailed));
    }
  };

  const columns: DataColumn<UserListRow>[] = [
    shared.name,
    shared.userName,
    shared.clientUserId,
    shared.organization,
    shared.profession,
    shared.role,
    {
      key: 'status',
      header: 'Status',
      value: (r) => (r.active ? 'Activated' : 'Deactivated'),
      render: (r) => (
        <Badge color={r.active ? 'teal' : 'gray'} variant="light">
          {r.active ? 'Activated' : 'Deactivated'}
        </Badge>
      ),
    },
    shared.email,
    {
      key: 'device',
      header: 'Device',
      value: (r) => (r.device ? (r.device.code ?? r.device.mac) : null),
      render: (r) => <DeviceCell device={r.device} edit={pendingUnassigns.get(r.id)} />,
      fold: true,
    },
    { key: 'createdAt', header: 'Created', value: (r) => r.createdAt, render: (r) => formatDateTime(r.createdAt), fold: true },
    {
      key: 'actions',
      header: 'Actions',
      sortable: false,
      exportable: false,
      pin: 'end',
      value: () => null,
      render: (r) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${r.firstName} ${r.lastName}`}>
              ⋮
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {rowActions?.(r)}
            <Menu.Item mih={44} onClick={() => setHistory(r)}>
              History
            </Menu.Item>
            {r.device && !pendingUnassigns.has(r.id) && (
              <Menu.Item color="red" mih={44} onClick={() => setUnassigning(unassignTargetOf(r))}>
                Unassign Device
              </Menu.Item>
            )}
            {r.changeable ? (
              <>
                <Menu.Item mih={44} onClick={() => setEditing(r)}>Edit</Menu.Item>
                {r.active ? (
                  <Menu.Item
                    color="red"
                    mih={44}
                    onClick={() => (r.id === me.id ? showError(SELF_DEACTIVATION_MESSAGE) : setDeactivating(r))}
                  >
                    Deactivate
                  </Menu.Item>
                ) : (
                  <Menu.Item mih={44} onClick={() => void activate(r)}>Activate</Menu.Item>
                )}
              </>
            ) : (
              // A user above the caller is shown, not changed (docs/PERMISSIONS.md 'Acting on another user').
              <>
                <Menu.Item mih={44} onClick={() => setViewing(r)}>User Details</Menu.Item>
                <Menu.Label maw={240} style={{ whiteSpace: 'normal' }}>
                  {ABOVE_CALLER_MESSAGE}
                </Menu.Label>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const noOrganization = organizationIds.length === 0;
  return (
    <Stack gap={0}>
      <PageHeader
        title={entry.title}
        actions={
          <Group gap="sm">
            <PermissionsTemplateButton
              organizationId={organizationIds[0] ?? null}
              users={[...chosen].map(([id, name]) => ({ id: Number(id), name }))}
            />
            <Button mih={44} disabled={noOrganization} onClick={() => setAdding(true)}>
              Add
            </Button>
            <ImportUsersButton organizationIds={organizationIds} />
            <UsersExportButton filters={{ exportType: 'users', organizationIds, search: text, sort }} disabled={noOrganization} />
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="User filters">
        <TreeMultiSelect
          label="Organization"
          nodes={bootstrap.organizations}
          value={organizationIds}
          onChange={chooseOrganizations}
          placeholder="Select organizations"
        />
        <SearchableSelect label="Profession" data={professionOptions} value={professionId} onChange={setProfessionId} placeholder="All professions" clearable />
        <SearchInput value={text} onChange={(next) => update({ search: next })} placeholder="Name, email, username or profession" />
      </Group>
      <DataTable
        label="Users"
        columns={columns}
        rows={noOrganization ? [] : (users.data ?? [])}
        rowKey={(r) => r.id}
        pageSize={USERS_PAGE_SIZE}
        loading={!noOrganization && users.isPending}
        error={users.isError ? errorMessageOf(users.error, 'The users could not be loaded.') : null}
        emptyText={noOrganization ? 'Select an organization to see its users' : 'No users found'}
        initialSort={USERS_INITIAL_SORT}
        onSortChange={setSort}
        selection={showPermissions && me.role.id === 1 ? { selected, onChange: choose } : undefined}
      />
      <AddUserDialog
        opened={adding}
        onClose={() => setAdding(false)}
        organizations={bootstrap.organizations}
        groups={bootstrap.groups}
        professions={professions}
        templates={templates}
        defaultOrganizationId={organizationIds[0] ?? null}
        clientId={getConfig().cognito.userPoolClientId}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          toastSuccess(USER_MESSAGES.created);
        }}
        onError={(message: string) => showError(message)}
      />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        professions={professions}
        showPermissions={showPermissions && me.role.id === 1}
        access={{ organizations: bootstrap.organizations, groups: bootstrap.groups }}
        onSave={async (id, body) => {
          try {
            toastSuccess(updatedText(await details.mutateAsync({ id, body })));
          } catch (error) {
            showError(refusalText(error, USER_MESSAGES.editFailed));
            throw error;
          }
        }}
      />
      <EditUserDialog user={viewing} onClose={() => setViewing(null)} professions={professions} showPermissions={false} onSave={async () => {}} readOnly />
      <UserHistoryDialog user={history} onClose={() => setHistory(null)} />
      <UnassignWearableDialog target={unassigning} onClose={() => setUnassigning(null)} />
      <ConfirmDialog
        opened={deactivating !== null}
        title="Deactivate Account"
        confirmLabel="Deactivate"
        destructive
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && void deactivate(deactivating)}
      >
        {`Deactivate ${deactivating?.firstName ?? ''} ${deactivating?.lastName ?? ''}? They will no longer be able to sign in${
          deactivating?.device ? ', and their device will be unassigned' : ''
        }.`}
      </ConfirmDialog>
    </Stack>
  );
}
