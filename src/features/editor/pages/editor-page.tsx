import { Alert, Button, Grid, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { getRouteApi, useBlocker } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchInput, TreeSelect } from '@/components/filters';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { addressLocation } from '@/lib/address-location';
import { useSession } from '@/lib/session-context';
import { COARSE_POINTER_QUERY, useMedia } from '@/lib/use-media';
import { outboxUserOf, usePendingEdits } from '@/offline/use-outbox-view';
import { useUndoableDraft } from '@/offline/use-undoable-draft';
import { EditDeviceDialog } from '@/widgets/iot-device-editor/edit-device-dialog';
import { deviceEntity, EDIT_DEVICE, type EditDevicePayload } from '@/entities/iot/edit-device';
import { useLocationThings } from '@/entities/iot/get-location-things';
import { onlyResult, useSubmitEdits } from '@/offline/use-submit-edits';
import { toastEditResult } from '@/components/edit-toasts';
import { IOT_MESSAGES, type UpdateFallDeviceBody } from '@contracts/iot';
import { useEditShortcuts } from '@/lib/use-edit-shortcuts';
import { useEditorEntities } from '../api/editor-queries';
import { ConflictDialog, useSaveConflicts } from '../components/conflict-dialog';
import { DeviceDialog } from '../components/device-dialog';
import { createCanvasStore, type EditorCanvasState } from '../components/editor-canvas';
import { EditorMap } from '../components/editor-map';
import { EditorPanel, type EditorTab } from '../components/editor-panel';
import { EditorToolbar } from '../components/editor-toolbar';
import { ZoneDialog } from '../components/zone-dialog';
import { DEVICE_TYPE_OPTIONS } from '../device-rules';
import { useSavedIds } from '../use-saved-ids';
import { editPayloads, hasEdits, overlaid, savedEntities, withSavedIds, type EditorAction, type EditorEditPayload, type ShownEntity } from '../editor-model';
import { EDITOR_SAVE } from '../outbox-handlers';
import { iotMatches, iotShown, type IotShown } from '../iot-marks';
import { useEditorTools } from '../use-editor-tools';
import { errorText, showError } from '@/components/toasts';
import { useSaveEdits } from '../use-save-edits';

const IOT_EDIT_TYPES = [EDIT_DEVICE];
const IOT_EDIT_KIND = { type: EDIT_DEVICE, entity: deviceEntity };

const HINTS = {
  view: 'Choose Edit to place, move or delete devices and draw zones.',
  select: 'Drag a device to move it; tap a device, IoT device or zone to edit it.',
  device: 'Tap the plan where the new device is.',
  zone: 'Tap each corner of the zone; tap the first corner again to close it.',
  delete: 'Tap a device or zone to delete it; tap it again to keep it.',
} as const;

/** What the keys add with a mouse; a touch screen has the toolbar's Add device and Draw zone for them. */
const MOUSE_HINT = 'Shift+click adds a device, Shift+drag draws a rectangular zone.';

const matches = (row: ShownEntity, search: string) => {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return row.entity.name.toLowerCase().includes(text) || (row.entity.entityType === 'DEVICE' && row.entity.mac.toLowerCase().includes(text));
};

const route = getRouteApi('/app/maintenance/editor');

/** Location Editor: a location's devices and zones on its floor plan, placed, moved, replaced and published. */
export default function EditorPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  // On a touch screen the hint leaves out what the keys do with a mouse.
  const touch = useMedia(COARSE_POINTER_QUERY);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = useCallback(
    (patch: Record<string, unknown>) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true }),
    [navigate],
  );
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = addressLocation(search.groupId, accessible, user.managedGroupIds, { needsFloorPlan: true });
  const userSub = outboxUserOf(user);
  const loaded = useEditorEntities(userSub, groupId);
  const group = loaded.data?.group ?? accessible.find((g) => g.id === groupId) ?? null;

  const queuedAll = usePendingEdits<EditorEditPayload>([EDITOR_SAVE]);
  const queued = useMemo(() => queuedAll.filter((item) => item.payload.groupId === groupId), [queuedAll, groupId]);
  const drafts = useUndoableDraft<EditorAction>(groupId === null ? null : `lavo.editor-draft:${userSub}:${groupId}`);
  // A change to an entity added here counts against its server id once the server has saved it.
  const savedIds = useSavedIds(drafts.draft);
  const draft = useMemo(() => withSavedIds(drafts.draft, savedIds), [drafts.draft, savedIds]);
  const saved = useMemo(() => savedEntities(loaded.data?.devices ?? [], loaded.data?.zones ?? []), [loaded.data]);
  const shown = useMemo(() => overlaid(saved, queued, draft), [saved, queued, draft]);
  const changed = hasEdits(draft, shown);
  const stagedCount = shown.filter((s) => s.entity.staged && s.state !== 'removed').length;
  const conflicts = useSaveConflicts(useMemo(() => queued.filter((item) => item.status === 'failed'), [queued]));
  const [conflictsOpen, setConflictsOpen] = useState(false);

  const deviceType = search.deviceType ?? null;
  const tools = useEditorTools({ groupId, shown, drafts, newDeviceType: deviceType ?? 'BEACON' });
  const { editing, tool, dialog } = tools;
  const [tab, setTab] = useState<EditorTab>('devices');
  const [discarding, setDiscarding] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = useSaveEdits();

  const visible = useMemo(
    () => shown.filter((s) => (s.entity.entityType === 'ZONE' || deviceType === null || s.entity.type === deviceType) && matches(s, search.search ?? '')),
    [shown, deviceType, search.search],
  );
  const devices = visible.filter((s) => s.entity.entityType === 'DEVICE');
  const zones = visible.filter((s) => s.entity.entityType === 'ZONE');

  // The location's IoT devices: fall devices are renamed and moved through their own dialog and
  // the outbox (docs/IOT.md); they are not part of the editor's draft, save or publish.
  const things = useLocationThings(groupId);
  const iotEdits = usePendingEdits<EditDevicePayload>(IOT_EDIT_TYPES);
  const iot = useMemo(
    () => (groupId === null || deviceType !== null ? [] : iotShown(things.data ?? [], groupId, iotEdits).filter((r) => iotMatches(r, search.search ?? ''))),
    [groupId, deviceType, things.data, iotEdits, search.search],
  );
  const [iotEditing, setIotEditing] = useState<IotShown | null>(null);
  const submitEdits = useSubmitEdits();
  const pickIot = (row: IotShown) => {
    tools.setSelectedKey(row.key);
    if (editing && tool === 'select' && row.editable) setIotEditing(row);
  };
  const saveIot = async (row: IotShown, body: UpdateFallDeviceBody) => {
    setIotEditing(null);
    await submitEdits(IOT_EDIT_KIND, [{ id: row.thing.id, awsId: row.thing.awsId, body }], (submitted) =>
      toastEditResult(onlyResult(submitted), { accepted: IOT_MESSAGES.updated, refused: 'Failed to update IoT Device', queued: `The change to ${row.name}` }),
    );
  };
  const zoneOptions = useMemo(
    () => shown.flatMap((s) => (s.entity.entityType === 'ZONE' && s.entity.id !== null ? [{ id: s.entity.id, name: s.entity.name }] : [])),
    [shown],
  );

  const submit = useCallback(
    async (publishAll: boolean) => {
      if (!group || saving || (!changed && !publishAll)) return;
      setSaving(true);
      try {
        const payloads = editPayloads(draft, shown, group, publishAll);
        const done = save(payloads);
        drafts.clear();
        tools.chooseTool('select');
        await done;
      } catch (error) {
        showError(errorText(error), 'The changes could not be kept on this device.');
      } finally {
        setSaving(false);
      }
    },
    [group, saving, changed, draft, shown, save, drafts, tools],
  );

  const leave = () => {
    drafts.clear();
    tools.chooseTool('select');
    tools.setEditing(false);
    setDiscarding(false);
  };
  const cancel = () => (changed ? setDiscarding(true) : leave());

  useEditShortcuts({
    escape: () => {
      if (tools.outline.length > 0) tools.setOutline([]);
      else if (tool !== 'select') tools.chooseTool('select');
      else if (editing) cancel();
    },
    undo: () => editing && drafts.undo(),
    redo: () => editing && drafts.redo(),
    save: () => editing && void submit(false),
    alt: () => editing && tools.chooseTool(tool === 'delete' ? 'select' : 'delete'),
  });

  const blocker = useBlocker({ shouldBlockFn: () => changed, enableBeforeUnload: () => changed, withResolver: true });

  const pick = (row: ShownEntity) => tools.tapEntity(row.key);

  // The canvas reads its state from a store written after each render: a change (a device
  // dropped) redraws the canvas alone, not the map and its pan-and-zoom around it.
  const canvasState: EditorCanvasState = {
    entities: visible,
    editing,
    tool,
    selectedKey: tools.selectedKey,
    outline: tools.outline,
    onTapPlan: tools.tapPlan,
    onTapEntity: tools.tapEntity,
    iot,
    onTapIot: (key) => {
      const row = iot.find((r) => r.key === key);
      if (row) pickIot(row);
    },
    onMoveDevice: tools.moveDevice,
    onRectangle: tools.rectangle,
  };
  const [canvas] = useState(() => createCanvasStore(canvasState));
  useLayoutEffect(() => canvas.set(canvasState));

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Editor filters">
        <TreeSelect label="Location" nodes={bootstrap.groups} value={groupId} onChange={(id) => update({ groupId: id })} placeholder="Select a location" />
        <SearchInput value={search.search ?? ''} onChange={(text) => update({ search: text || undefined })} placeholder="Name or MAC" />
        <Select
          label="Device type"
          data={DEVICE_TYPE_OPTIONS}
          value={deviceType}
          onChange={(value) => update({ deviceType: value ?? undefined })}
          placeholder="All types"
          clearable
          size="md"
          w={180}
        />
      </Group>
      {groupId === null || !group ? (
        <Alert color="gray" variant="light">Choose a location to edit its devices and zones.</Alert>
      ) : (
        <>
          {loaded.error && !loaded.data && <LoadError error={loaded.error} title="Error loading devices" unavailable="This location’s devices and zones have not been loaded on this device yet." />}
          {conflicts.length > 0 && (
            <Alert color="orange" variant="light" title="Changed by someone else">
              <Group justify="space-between">
                <Text size="sm">{conflicts.length === 1 ? 'One of your changes conflicts' : `${conflicts.length} of your changes conflict`} with an edit made meanwhile.</Text>
                <Button mih={44} variant="light" color="orange" onClick={() => setConflictsOpen(true)}>
                  Review
                </Button>
              </Group>
            </Alert>
          )}
          <EditorToolbar
            editing={editing}
            tool={tool}
            canUndo={draft.done.length > 0}
            canRedo={draft.undone.length > 0}
            changed={changed}
            stagedCount={stagedCount}
            disabled={!loaded.data || !group.floorplanImage}
            saving={saving}
            onEdit={() => tools.setEditing(true)}
            onTool={tools.chooseTool}
            onUndo={drafts.undo}
            onRedo={drafts.redo}
            onSave={() => void submit(false)}
            onPublish={() => void submit(true)}
            onCancel={cancel}
          />
          <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="editor-hint">
            {loaded.isPending ? 'Loading devices and zones…' : `${HINTS[editing ? tool : 'view']}${editing && tool === 'select' && !touch ? ` ${MOUSE_HINT}` : ''}`}
          </Text>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 2, md: 1 }}>
              <Paper withBorder p="sm" radius="md">
                <EditorPanel
                  tab={tab}
                  onTab={setTab}
                  devices={devices}
                  iot={iot}
                  zones={zones}
                  loading={loaded.isPending}
                  iotLoading={things.isPending && groupId !== null}
                  onPick={pick}
                  onPickIot={pickIot}
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 1, md: 2 }} pos="relative">
              <OfflineStamp updatedAt={loaded.data?.fetchedAt ?? 0} hasData={loaded.data !== undefined} floating />
              {group.floorplanImage ? (
                loaded.data ? <EditorMap imageUrl={group.floorplanImage} name={group.name} store={canvas} /> : <Loader size="sm" />
              ) : (
                <Alert color="gray" variant="light" data-testid="no-floor-plan">No floor plan for this location</Alert>
              )}
            </Grid.Col>
          </Grid>
        </>
      )}
      <DeviceDialog
        opened={dialog?.kind === 'device'}
        device={dialog?.kind === 'device' ? dialog.draft : null}
        isNew={dialog?.kind === 'device' && dialog.isNew}
        zones={zoneOptions}
        onSubmit={(device) => {
          tools.put({ entityType: 'DEVICE', ...device });
          tools.setDialog(null);
        }}
        onClose={() => tools.setDialog(null)}
      />
      <ZoneDialog
        opened={dialog?.kind === 'zone'}
        zone={dialog?.kind === 'zone' ? dialog.draft : null}
        isNew={dialog?.kind === 'zone' && dialog.isNew}
        onSubmit={(zone) => {
          tools.put({ entityType: 'ZONE', ...zone });
          tools.setDialog(null);
        }}
        onClose={() => tools.setDialog(null)}
      />
      <EditDeviceDialog
        device={iotEditing && groupId !== null ? { ...iotEditing.thing, name: iotEditing.name, groupId, x: iotEditing.placeholder ? 0 : iotEditing.x, y: iotEditing.placeholder ? 0 : iotEditing.y } : null}
        onClose={() => setIotEditing(null)}
        onSave={(_, body) => iotEditing && void saveIot(iotEditing, body)}
      />
      <ConflictDialog conflicts={conflicts} opened={conflictsOpen} onClose={() => setConflictsOpen(false)} onResolved={() => void loaded.refetch()} />
      <ConfirmDialog opened={discarding} title="Discard changes?" confirmLabel="Discard" destructive onConfirm={leave} onCancel={() => setDiscarding(false)}>
        Any unsaved changes will be lost.
      </ConfirmDialog>
      <ConfirmDialog opened={blocker.status === 'blocked'} title="Leave without saving?" confirmLabel="Leave" onConfirm={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()}>
        Your changes are not saved. They stay on this device and are here when you come back.
      </ConfirmDialog>
    </Stack>
  );
}
