import { Button, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useScopeUsers } from '@/entities/users/api/get-users';
import { useSession } from '@/lib/session-context';
import { useDeviceModels } from '@/entities/devices/api/get-device-models';
import { OperationsToolbar, QueueDialog, SettingsDrawer } from '@/widgets/device-operations/operations-toolbar';
import { HealthLine } from '@/widgets/device-operations/health-line';
import { useOperationsLive } from '@/entities/device-operations/use-operations-live';
import { useOperationsQueue } from '@/widgets/device-operations/use-operations-queue';
import { useLocationSelection, useSelectedRows } from '@/lib/use-location-selection';
import type { BadgeRow } from '../badge-rows';
import { AddBadgeDialog } from '../components/add-badge-dialog';
import { BadgeFilterBar } from '../components/badge-filter-bar';
import { badgeColumns } from '../badge-columns';
import { AssignWearablesDialog } from '@/widgets/wearable-holders/assign-wearables-dialog';
import { isTopLevel } from '@/entities/devices/assign-rules';
import { HistoryDialog } from '@/widgets/wearable-holders/device-history-dialog';
import { UnassignDialog } from '../components/unassign-dialog';
import type { BadgeUser } from '../outbox-handlers';
import { BADGES_PAGE_SIZE, useBadgeList } from '../use-badge-list';
import { useBadgeFilters } from '../use-badge-filters';

type Held = BadgeRow & { user: BadgeUser };
const macOf = (row: { mac: string }) => row.mac;
const BADGES = { one: 'badge', many: 'badges' };

/**
 * Badges (/app/maintenance/badges): the badges of a location, their holders, and assigning,
 * adding and unassigning them; like Wristbands, their settings and firmware updates queued in bulk
 * for the selection, followed live and cancelled while pending.
 */
export default function BadgesPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const { filters, update } = useBadgeFilters('/app/maintenance/badges');
  const list = useBadgeList(filters);
  // The assign and add dialogs pick from these: loaded with the page, so they are on the device before a ward without signal.
  useScopeUsers(filters.groupId);
  useDeviceModels({ type: 'BADGE' });
  // A selection belongs to its location: choosing another one starts afresh.
  const selection = useLocationSelection(filters.groupId, macOf);
  const [assigning, setAssigning] = useState<BadgeRow[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [history, setHistory] = useState<BadgeRow | null>(null);
  const [unassigning, setUnassigning] = useState<Held | null>(null);

  // Settings and firmware updates for the selected badges the server has and that may be operated, the
  // Queue saying why any other is skipped (like Wristbands).
  const ops = useOperationsQueue({ devices: list.devices, groupId: filters.groupId, selection });
  const received = useOperationsLive(list.queryKey, list.devices);
  const opByMac = useMemo(() => new Map(ops.rows.map((row) => [row.mac, row])), [ops.rows]);
  const selectedRows = useSelectedRows(selection, list.all);
  const topLevel = isTopLevel(filters.groupId, bootstrap.groups);
  const assignBlocker = topLevel ? 'Choose a location below the top level to assign badges.' : selectedRows.length === 0 ? 'Select the badges to assign.' : null;
  const knownMacs = useMemo(() => new Map(list.all.map((row) => [row.mac, row.groupName])), [list.all]);
  const hintId = useId();

  const columns = useMemo(
    () => badgeColumns({ onHistory: setHistory, onUnassign: (row) => row.user && setUnassigning(row as Held), onCancel: ops.cancel, onSettings: ops.editSettings }),
    [ops.cancel, ops.editSettings],
  );
  const rows = useMemo(() => list.rows.map((row) => ({ ...row, op: opByMac.get(row.mac) ?? null })), [list.rows, opByMac]);

  const toolbar = (
    <>
      <Text id={hintId} size="sm" c="dimmed" role="status">
        {assignBlocker ?? `${selectedRows.length} selected`}
      </Text>
      <Button onClick={() => setAssigning(selectedRows)} disabled={assignBlocker !== null} mih={44} aria-describedby={hintId}>
        Assign
      </Button>
      <Button variant="light" onClick={() => setAdding(true)} disabled={filters.groupId === null} mih={44}>
        Add badge
      </Button>
    </>
  );

  return (
    <Stack gap="md" data-testid="operations-page" data-events-received={received}>
      <PageHeader title={entry.title} />
      <BadgeFilterBar filters={filters} update={update} />
      <OfflineStamp updatedAt={list.updatedAt} hasData={list.hasData} />
      {list.devices !== undefined && <HealthLine rows={list.devices} noun={BADGES} />}
      <OperationsToolbar plural="Badges" hideCount {...ops.toolbar} />
      <DataTable
        label="Badges"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.mac}
        pageSize={BADGES_PAGE_SIZE}
        loading={list.loading}
        error={list.error}
        emptyText={list.emptyText}
        exportable
        selection={selection.table}
        toolbar={toolbar}
      />
      <AssignWearablesDialog
        opened={assigning !== null}
        deviceType="BADGE"
        devices={assigning ?? []}
        groupId={filters.groupId}
        onClose={() => setAssigning(null)}
        onSubmitted={selection.clear}
      />
      {filters.groupId !== null && (
        <AddBadgeDialog opened={adding} groupId={filters.groupId} knownMacs={knownMacs} onClose={() => setAdding(false)} />
      )}
      <QueueDialog {...ops.queueDialog} />
      <SettingsDrawer {...ops.drawer} />
      <HistoryDialog device={history} onClose={() => setHistory(null)} />
      <UnassignDialog device={unassigning} onClose={() => setUnassigning(null)} />
    </Stack>
  );
}
