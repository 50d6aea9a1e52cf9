import { Badge, Button, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { SITE_ACCESS_LABELS } from '@contracts/site-access';
import type { UserListRow } from '@contracts/user-list';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn, type DataTableSort, type RowKey } from '@/components/data-table';
import { SearchInput, TreeMultiSelect } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { errorMessageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { showError, showSuccess } from '@/components/toasts';
import { PAGE_ACCESS } from '@contracts/page-access';
import { allowed } from '@/lib/permissions';
import { useSetUserDetails } from '@/entities/users/api/users-api';
import { EditUserDialog } from '@/widgets/user-editor/edit-user-dialog';
import { useUserColumns, USERS_INITIAL_SORT } from '@/entities/users/user-columns';
import { refusalText, updatedText, USER_MESSAGES } from '@/entities/users/user-rules';
import type { UsersAddress } from '@/entities/users/users-search';
import { UsersExportButton } from '@/widgets/users-export/users-export-button';
import { accessKeys, inviteUser, setSiteAccess, useAccessUsers } from '../api/access-api';
import {
  ACCESS_MESSAGES,
  ACCESS_PAGE_SIZE,
  ACTION_LABELS,
  actionOf,
  matchesStatus,
  STATUS_FILTER_OPTIONS,
  statusOf,
  userName,
  type AccessAction,
  type GroupAction,
  type StatusFilter,
} from '../access-rules';
import { AccessOperationsDialog, type AccessOperations } from '../components/access-operations-dialog';
import { GroupActionsMenu } from '../components/group-actions-menu';
import { RevokeConfirmDialog } from '../components/revoke-confirm-dialog';
import { useAccountsOrganizations } from '@/entities/users/use-accounts-organizations';

const route = getRouteApi('/app/accounts/access-management');

const STATUS_COLORS = { CONFIRMED: 'teal', FORCE_CHANGE_PASSWORD: 'blue', AWAITING_INVITE: 'yellow', PENDING_LOGIN: 'gray', NO_ACCESS: 'red' } as const;

/**
 * Access Management (docs/SCREENS.md 'Access Management'): who may sign in, with Revoke, Grant and
 * Invite one by one or over a selection.
 */
export default function AccessManagementPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user: me, role, accountType } = useSession();
  // User Details edits through the Users page's call; without that page it only shows the user.
  const mayEditUsers = allowed(PAGE_ACCESS['/app/accounts/users'], role, accountType);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: UsersAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const [organizationIds, chooseOrganizations] = useAccountsOrganizations(search.organizationIds, (ids) => update({ organizationIds: ids }));
  const text = search.search ?? '';
  const [status, setStatus] = useState<StatusFilter | null>(null);
  const users = useAccessUsers(organizationIds, text);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: accessKeys.all });
  const details = useSetUserDetails();

  // The chosen users, kept across searches and filters (the rows change, the choice stays), each
  // as last seen: the server checks every action against the user as they are now.
  const [chosen, setChosen] = useState<ReadonlyMap<RowKey, UserListRow>>(new Map());
  const selected = useMemo(() => new Set(chosen.keys()), [chosen]);
  const choose = (next: Set<RowKey>) =>
    setChosen((before) => {
      const seen = new Map((users.data ?? []).map((u) => [u.id as RowKey, u]));
      return new Map([...next].flatMap((id) => {
        const row = seen.get(id) ?? before.get(id);
        return row ? [[id, row] as const] : [];
      }));
    });
  const [busyId, setBusyId] = useState<number | null>(null);
  // A revoke waiting for its confirmation: one row's (run as a row action) or the selection's (run in the dialog).
  const [confirming, setConfirming] = useState<{ plan: AccessOperations; group: boolean } | null>(null);
  const [running, setRunning] = useState<AccessOperations | null>(null);
  const [viewing, setViewing] = useState<UserListRow | null>(null);

  const rows = useMemo(() => (users.data ?? []).filter((r) => matchesStatus(r, status)), [users.data, status]);
  const selectedRows = useMemo(() => {
    const current = new Map((users.data ?? []).map((u) => [u.id as RowKey, u]));
    return [...chosen].map(([id, row]) => current.get(id) ?? row);
  }, [chosen, users.data]);
  const shared = useUserColumns();
  const [sort, setSort] = useState<DataTableSort>(USERS_INITIAL_SORT);

  /** Runs one action on one user; answers the toast that reports it. */
  const perform = async (action: GroupAction, row: UserListRow): Promise<string> => {
    if (action === 'invite') {
      const sent = await inviteUser(row.userName);
      // A pending address may have been used (docs/PERMISSIONS.md): the server says where it went.
      return ACCESS_MESSAGES.invited(row.pendingEmail ? sent.destination : (row.email ?? sent.destination));
    }
    await setSiteAccess(row.id, action === 'grant');
    return action === 'grant' ? ACCESS_MESSAGES.granted(userName(row)) : ACCESS_MESSAGES.revoked(userName(row));
  };

  const actOn = async (action: GroupAction, row: UserListRow) => {
    setBusyId(row.id);
    try {
      showSuccess(await perform(action, row));
    } catch (error) {
      const reason = errorMessageOf(error, 'The request failed.');
      showError(reason, action === 'invite' ? ACCESS_MESSAGES.inviteFailed : ACCESS_MESSAGES.failedFor(userName(row)));
    } finally {
      setBusyId(null);
      void refresh();
    }
  };

  const start = (action: AccessAction, row: UserListRow) => {
    if (action === 'details') setViewing(row);
    else if (action === 'revoke') setConfirming({ plan: { action, apply: [row], skip: [] }, group: false });
    else void actOn(action, row);
  };

  const confirmRevoke = () => {
    setConfirming(null);
    if (!confirming) return;
    if (confirming.group) setRunning(confirming.plan);
    else void actOn('revoke', confirming.plan.apply[0]!);
  };

  const columns: DataColumn<UserListRow>[] = [
    shared.name,
    shared.email,
    shared.role,
    { key: 'lastLogin', header: 'Last Login', value: (r) => r.lastLogin, render: (r) => (r.lastLogin ? formatDateTime(r.lastLogin) : 'Never'), fold: true },
    { key: 'active', header: 'Active', value: (r) => (r.active ? 'Activated' : 'Deactivated'), fold: true },
    {
      key: 'status',
      header: 'Site Access',
      value: (r) => SITE_ACCESS_LABELS[statusOf(r)],
      render: (r) => (
        <Badge color={STATUS_COLORS[statusOf(r)]} variant="light">
          {SITE_ACCESS_LABELS[statusOf(r)]}
        </Badge>
      ),
    },
    shared.clientUserId,
    shared.userName,
    shared.profession,
    shared.organization,
    {
      key: 'actions',
      header: 'Actions',
      sortable: false,
      exportable: false,
      pin: 'end',
      value: () => null,
      render: (r) => {
        const action = actionOf(r, me.id);
        if (!action) return null;
        return (
          <Button
            mih={44}
            size="compact-sm"
            variant={action === 'revoke' ? 'light' : 'default'}
            color={action === 'revoke' ? 'red' : undefined}
            loading={busyId === r.id}
            aria-label={`${ACTION_LABELS[action]}: ${userName(r)}`}
            onClick={() => start(action, r)}
          >
            {ACTION_LABELS[action]}
          </Button>
        );
      },
    },
  ];

  const noOrganization = organizationIds.length === 0;
  return (
    <Stack gap={0}>
      <PageHeader
        title={entry.title}
        actions={
          <Group gap="sm">
            <GroupActionsMenu
              selected={selectedRows}
              myId={me.id}
              onChoose={(plan) => (plan.action === 'revoke' ? setConfirming({ plan, group: true }) : setRunning(plan))}
            />
            <UsersExportButton filters={{ exportType: 'access', organizationIds, search: text, sort }} disabled={noOrganization} />
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="Access filters">
        <TreeMultiSelect
          label="Organization"
          nodes={bootstrap.organizations}
          value={organizationIds}
          onChange={chooseOrganizations}
          placeholder="Select organizations"
        />
        <Select
          label="Status"
          placeholder="Status"
          size="md"
          data={STATUS_FILTER_OPTIONS}
          value={status}
          onChange={(value) => setStatus(value as StatusFilter | null)}
          clearable
        />
        <SearchInput value={text} onChange={(next) => update({ search: next })} placeholder="Name, email, username or employee ID" />
      </Group>
      <DataTable
        label="Access"
        columns={columns}
        rows={noOrganization ? [] : rows}
        rowKey={(r) => r.id}
        rowLabel={userName}
        pageSize={ACCESS_PAGE_SIZE}
        loading={!noOrganization && users.isPending}
        error={users.isError ? errorMessageOf(users.error, 'The users could not be loaded.') : null}
        emptyText={noOrganization ? 'Select an organization to see its users' : 'No users found'}
        initialSort={USERS_INITIAL_SORT}
        onSortChange={setSort}
        selection={{ selected, onChange: choose, isSelectable: (r) => r.id !== me.id }}
      />
      <RevokeConfirmDialog plan={confirming?.plan ?? null} onConfirm={confirmRevoke} onCancel={() => setConfirming(null)} />
      <AccessOperationsDialog
        operations={running}
        perform={perform}
        onFailed={(f) => showError(`${ACCESS_MESSAGES.failedFor(f.name)}: ${f.message}`)}
        onFinished={() => {
          setRunning(null);
          setChosen(new Map());
          void refresh();
        }}
      />
      <EditUserDialog
        user={viewing}
        onClose={() => setViewing(null)}
        professions={bootstrap.enums.professions}
        showPermissions={false}
        readOnly={!mayEditUsers || viewing?.changeable === false}
        onSave={async (id, body) => {
          try {
            showSuccess(updatedText(await details.mutateAsync({ id, body })));
          } catch (error) {
            showError(refusalText(error, USER_MESSAGES.editFailed));
            throw error;
          }
        }}
      />
    </Stack>
  );
}
