import { FALL_DEVICE_TYPE, IOT_MESSAGES, type LastOnlineBucket, type Thing, type UpdateFallDeviceBody } from '@contracts/iot';
import { Button, Group, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { EditDeviceDialog } from '@/widgets/iot-device-editor/edit-device-dialog';
import { deviceEntity, EDIT_DEVICE, type EditDevicePayload } from '@/entities/iot/edit-device';
import { showQueued } from '@/components/edit-toasts';
import { showError, showSuccess } from '@/components/toasts';
import { OfflineStamp } from '@/components/offline-stamp';
import { FleetTabs } from '@/components/fleet-tabs';
import { PageHeader } from '@/components/page-header';
import { addressLocation } from '@/lib/address-location';
import { useSession } from '@/lib/session-context';
import { useLocationSelection, useSelectedRows } from '@/lib/use-location-selection';
import { usePendingEdits } from '@/offline/use-outbox';
import { onlyResult, useSubmitEdits } from '@/offline/use-submit-edits';
import { getAllThings, THINGS_PAGE_SIZE, useThings } from '../api/get-things';
import { useFollowJobs } from '../api/use-follow-jobs';
import type { ThingsFilter } from '../api/keys';
import { deviceColumns, type DeviceActions } from '../components/device-columns';
import { ExecutionHistoryDialog } from '../components/execution-history-dialog';
import { IotFilterBar } from '../components/iot-filter-bar';
import { JobsDrawer } from '../components/jobs-drawer';
import { MetricsDialog } from '../components/metrics-dialog';
import { RunJobDialog } from '../components/run-job-dialog';
import { deviceRows, isSelectable, outdatedOf, type DeviceRow, type PendingDeviceEdit } from '../iot-rows';
import { jobEntity, RUN_JOB, type RunJobPayload } from '../outbox-handlers';

const route = getRouteApi('/app/maintenance/iot-devices');
/** Rows per page of the table; the server is asked for 75 at a time. */
export const IOT_TABLE_PAGE_SIZE = 15;
const idOf = (row: DeviceRow) => row.id;
const EDIT_TYPES = [EDIT_DEVICE];
const JOB_TYPES = [RUN_JOB];
const RUN_JOB_KIND = { type: RUN_JOB, entity: jobEntity };
const EDIT_KIND = { type: EDIT_DEVICE, entity: deviceEntity };

/**
 * IoT Devices (docs/SCREENS.md 'IoT Devices'): a location's IoT devices, 75 at a time, filtered by search and 'Last
 * Online', with their software and connectivity; jobs run on the devices with outdated software
 * (the chosen ones, or all of the filter), queued through the outbox; the location's jobs in a
 * drawer; each device's history, metrics and edit.
 */
export default function IotDevicesPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupNames = useMemo(() => new Map(bootstrap.groups.map((g) => [g.id, g.name])), [bootstrap.groups]);
  const groupId = addressLocation(search.groupId, accessible, user.managedGroupIds);
  const update = useCallback(
    (patch: { groupId?: number | null; search?: string; lastOnline?: LastOnlineBucket }) =>
      void navigateRef.current({ search: (current) => ({ ...current, ...patch }), replace: true }),
    [],
  );
  const onGroup = useCallback((id: number | null) => update({ groupId: id }), [update]);
  const onSearch = useCallback((text: string) => update({ search: text || undefined }), [update]);
  const onLastOnline = useCallback((bucket: LastOnlineBucket | null) => update({ lastOnline: bucket ?? undefined }), [update]);

  const filter = useMemo<ThingsFilter | null>(
    () => (groupId === null ? null : { groupId, search: search.search ?? '', lastOnline: search.lastOnline ?? null }),
    [groupId, search.search, search.lastOnline],
  );
  const list = useThings(filter);
  // A job that finishes changes the rows' software: the list follows it.
  useFollowJobs(groupId);
  const things = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const totalCount = list.data?.pages[0]?.totalCount ?? 0;

  const editItems = usePendingEdits<EditDevicePayload>(EDIT_TYPES);
  const jobItems = usePendingEdits<RunJobPayload>(JOB_TYPES);
  const edits = useMemo(
    () =>
      editItems.map(
        (item): PendingDeviceEdit => ({ id: item.payload.id, name: item.payload.body.name, groupId: item.payload.body.groupId, x: item.payload.body.posX, y: item.payload.body.posY, state: item.status, error: item.lastError }),
      ),
    [editItems],
  );
  const queuedJobKey = jobItems.map((item) => item.id).join(',');
  const queuedJobThingIds = useMemo(
    () => new Set(jobItems.flatMap((item) => item.payload.thingIds)),
    // Re-read when the queued jobs change, not on every outbox render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queuedJobKey],
  );
  const rows = useMemo(() => deviceRows(things, edits, queuedJobThingIds, (id) => groupNames.get(id)), [things, edits, queuedJobThingIds, groupNames]);

  const selection = useLocationSelection(groupId, idOf);
  const selected = useSelectedRows(selection, rows).filter(isSelectable);
  const tableSelection = useMemo(() => ({ ...selection.table, isSelectable }), [selection.table]);

  const [jobsOpen, setJobsOpen] = useState(false);
  const [jobDevices, setJobDevices] = useState<Thing[] | null>(null);
  const [loadingAll, setLoadingAll] = useState(false);
  const [history, setHistory] = useState<DeviceRow | null>(null);
  const [metrics, setMetrics] = useState<DeviceRow | null>(null);
  const [editing, setEditing] = useState<DeviceRow | null>(null);
  const now = Date.now();

  const submit = useSubmitEdits();
  const runJob = useCallback(
    async (payload: RunJobPayload) => {
      await submit(RUN_JOB_KIND, [payload], (submitted) => {
        const result = onlyResult(submitted);
        if (result.state === 'accepted') showSuccess(IOT_MESSAGES.created);
        else if (result.state === 'refused') showError(result.reason, 'Failed to create job!');
        else showQueued(`The job '${payload.body.name}'`, result.offline);
      });
      selection.clear();
    },
    [submit, selection],
  );
  const saveDevice = useCallback(
    async (device: DeviceRow, body: UpdateFallDeviceBody) => {
      setEditing(null);
      await submit(EDIT_KIND, [{ id: device.id, awsId: device.awsId, body }], (submitted) => {
        const result = onlyResult(submitted);
        if (result.state === 'accepted') showSuccess(IOT_MESSAGES.updated);
        else if (result.state === 'refused') showError(`Failed to update IoT Device: ${result.reason}`);
        else showQueued(`The change to ${device.name}`, result.offline);
      });
    },
    [submit],
  );

  const runAll = async () => {
    if (!filter) return;
    setLoadingAll(true);
    try {
      const all = await getAllThings(filter);
      setJobDevices(outdatedOf(all).filter((t) => !queuedJobThingIds.has(t.id)));
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error), 'Failed to fetch devices');
    } finally {
      setLoadingAll(false);
    }
  };

  const actions = useMemo<DeviceActions>(
    () => ({ onHistory: setHistory, onMetrics: setMetrics, onEdit: setEditing, canEdit: (row) => row.type === FALL_DEVICE_TYPE && row.edit?.state !== 'pending' }),
    [],
  );
  // `now` moves every render; the columns are rebuilt when the rows change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const columns = useMemo(() => deviceColumns(now, actions), [actions, rows]);
  const onPageChange = (page: number) => {
    const pagesLoaded = Math.ceil(rows.length / IOT_TABLE_PAGE_SIZE);
    if (list.hasNextPage && !list.isFetchingNextPage && pagesLoaded - page <= 2) void list.fetchNextPage();
  };

  return (
    <Stack gap="md" data-testid="iot-devices-page">
      <PageHeader
        title={entry.title}
        actions={
          <Button variant="default" mih={44} onClick={() => setJobsOpen(true)} disabled={groupId === null}>
            Jobs
          </Button>
        }
      />
      <FleetTabs current="/app/maintenance/iot-devices" groupId={groupId} />
      <IotFilterBar groupId={groupId} onGroup={onGroup} lastOnline={search.lastOnline ?? null} onLastOnline={onLastOnline} search={search.search ?? ''} onSearch={onSearch} />
      <OfflineStamp updatedAt={list.dataUpdatedAt} hasData={list.data !== undefined} />
      {groupId === null ? (
        <Text c="dimmed">Please select a location</Text>
      ) : (
        <DataTable
          label="IoT devices"
          columns={columns}
          rows={rows}
          rowKey={idOf}
          rowLabel={(r) => r.name}
          pageSize={IOT_TABLE_PAGE_SIZE}
          loading={list.isPending || list.isFetchingNextPage}
          error={list.isError && !list.data ? list.error : null}
          unavailableText="The IoT devices of this location have not been loaded on this device yet."
          emptyText="No results"
          selection={tableSelection}
          onPageChange={onPageChange}
          exportable
          toolbar={
            <Group gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" role="status">
                {list.data ? `${rows.length} of ${totalCount} devices loaded · ${selected.length} selected` : ''}
              </Text>
              {list.hasNextPage && (
                <Button variant="subtle" mih={44} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  Load {THINGS_PAGE_SIZE} more
                </Button>
              )}
              {selected.length > 0 ? (
                <Button mih={44} onClick={() => setJobDevices(selected)}>
                  Run Job Selected ({selected.length})
                </Button>
              ) : (
                <Button mih={44} loading={loadingAll} disabled={!list.data || totalCount === 0} onClick={() => void runAll()}>
                  Run Job All
                </Button>
              )}
            </Group>
          }
        />
      )}
      <RunJobDialog devices={jobDevices ?? []} groupId={groupId} opened={jobDevices !== null} onClose={() => setJobDevices(null)} onSubmit={runJob} />
      <JobsDrawer groupId={groupId} opened={jobsOpen} onClose={() => setJobsOpen(false)} />
      <ExecutionHistoryDialog thing={history} onClose={() => setHistory(null)} />
      <MetricsDialog thing={metrics} onClose={() => setMetrics(null)} />
      <EditDeviceDialog device={editing} onClose={() => setEditing(null)} onSave={(device, body) => void saveDevice(device, body)} />
    </Stack>
  );
}
