import type { PlanPoint } from '@contracts/paths';
import { Alert, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { getRouteApi, useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TreeSelect } from '@/components/filters';
import { FloorPlanMap, type PlanSize } from '@/components/floor-plan/floor-plan-map';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { addressLocation } from '@/lib/address-location';
import { useSession } from '@/lib/session-context';
import { outboxUserOf, usePendingEdits } from '@/offline/use-outbox-view';
import { useUndoableDraft } from '@/offline/use-undoable-draft';
import { usePaths, usePlanDevices } from '../api/paths-queries';
import { PathCanvas, type CanvasMode } from '../components/path-canvas';
import { PathList } from '../components/path-list';
import { PathTutorial } from '../components/path-tutorial';
import { PATH_EDIT, type PathEditPayload } from '../outbox-handlers';
import { distance, draftPayloads, hasChanges, onPlan, segmentAt, shownSegments, snap, type DraftAction, type ShownSegment } from '../path-model';
import { useSavePaths } from '../use-save-paths';
import { useEditShortcuts } from '@/lib/use-edit-shortcuts';

/** How near (screen pixels) a tap must fall to a path's end or a device to join it, or to a path to pick it. */
const REACH_PX = 18;
/** The Path Builder's largest zoom. */
const MAX_ZOOM = 8;

const MODE_HINTS: Record<CanvasMode, string> = {
  view: 'Choose Draw to add paths or Delete to remove them.',
  draw: 'Tap the plan to start a path, then at each turn. Tap the last point again or press Escape to finish.',
  delete: 'Tap a path to mark it for deletion; tap it again to keep it.',
};

const route = getRouteApi('/app/maintenance/path-builder');

/** Path Builder: a location's walking paths, drawn on its floor plan. */
export default function PathBuilderPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = addressLocation(search.groupId, accessible, user.managedGroupIds, { needsFloorPlan: true });
  const group = accessible.find((g) => g.id === groupId) ?? null;

  const paths = usePaths(groupId);
  const devices = usePlanDevices(groupId);
  const queued = usePendingEdits<PathEditPayload>([PATH_EDIT]).filter((item) => item.payload.groupId === groupId);
  const drafts = useUndoableDraft<DraftAction>(groupId === null ? null : `lavo.path-draft:${outboxUserOf(user)}:${groupId}`);
  const { draft } = drafts;
  const save = useSavePaths();

  const [mode, setMode] = useState<CanvasMode>('view');
  const [anchor, setAnchor] = useState<PlanPoint | null>(null);
  const [size, setSize] = useState<PlanSize | null>(null);
  const [planFailed, setPlanFailed] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [tutorial, setTutorial] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [saving, setSaving] = useState(false);

  const segments = useMemo(() => shownSegments(paths.data ?? [], queued, draft), [paths.data, queued, draft]);
  const changed = hasChanges(draft);
  const ready = groupId !== null && paths.data !== undefined;

  const choose = (next: CanvasMode) => {
    setMode((current) => (current === next ? 'view' : next));
    setAnchor(null);
  };
  const leaveMode = useCallback(() => {
    setMode('view');
    setAnchor(null);
  }, []);

  // A new location: nothing drawn there yet.
  const [shownGroup, setShownGroup] = useState(groupId);
  if (shownGroup !== groupId) {
    setShownGroup(groupId);
    setMode('view');
    setAnchor(null);
    setSize(null);
    setPlanFailed(false);
  }

  const tap = useCallback(
    (point: PlanPoint, scale: number) => {
      if (!size) return;
      const radius = REACH_PX / scale;
      if (mode === 'draw') {
        const ends = segments.filter((s) => s.state !== 'marked' && s.state !== 'removing').flatMap((s) => [s.origin, s.destination]);
        const candidates = [...(anchor ? [anchor] : []), ...ends, ...(devices.data ?? [])].map((p) => ({ x: p.x ?? 0, y: p.y ?? 0 }));
        const at = onPlan(snap(point, candidates, radius), size);
        if (anchor === null) setAnchor(at);
        else if (distance(at, anchor) < 0.5) setAnchor(null);
        else {
          drafts.apply({ kind: 'add', clientId: crypto.randomUUID(), origin: anchor, destination: at });
          setAnchor(at);
        }
      } else if (mode === 'delete') {
        const hit = segmentAt(point, segments.filter((s) => s.state !== 'removing'), radius);
        if (hit) drafts.apply({ kind: hit.state === 'marked' ? 'keep' : 'remove', key: hit.key });
      }
    },
    [mode, anchor, segments, devices.data, size, drafts],
  );

  const toggle = useCallback((s: ShownSegment) => drafts.apply({ kind: s.state === 'marked' ? 'keep' : 'remove', key: s.key }), [drafts]);

  const undo = useCallback(() => {
    const last = draft.done.at(-1);
    // Undoing the segment just drawn takes the line back to its previous point.
    if (last?.kind === 'add' && anchor && distance(anchor, last.destination) < 0.5) setAnchor(last.origin);
    drafts.undo();
  }, [draft, anchor, drafts]);
  const redo = useCallback(() => {
    const next = draft.undone.at(-1);
    if (next?.kind === 'add' && anchor && distance(anchor, next.origin) < 0.5) setAnchor(next.destination);
    drafts.redo();
  }, [draft, anchor, drafts]);

  const submit = useCallback(async () => {
    if (!group || !changed || saving) return;
    setSaving(true);
    try {
      const payloads = draftPayloads(draft, segments, group);
      // Queued first, then the draft is forgotten: the outbox holds the edits from here on.
      const done = save(payloads);
      drafts.clear();
      leaveMode();
      await done;
    } finally {
      setSaving(false);
    }
  }, [group, changed, saving, draft, segments, save, drafts, leaveMode]);

  const discard = () => {
    drafts.clear();
    leaveMode();
    setDiscarding(false);
  };

  useEditShortcuts({
    escape: leaveMode,
    undo,
    redo,
    save: () => void submit(),
  });

  // Leaving with a drawing not saved asks first (the drawing is kept on the device either way).
  const blocker = useBlocker({ shouldBlockFn: () => changed, enableBeforeUnload: () => changed, withResolver: true });
  useEffect(() => {
    if (groupId !== null && search.groupId !== groupId) void navigate({ search: { groupId }, replace: true });
  }, [groupId, search.groupId, navigate]);

  const toolbar = (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Path tools">
      <Button mih={44} variant={mode === 'draw' ? 'filled' : 'default'} aria-pressed={mode === 'draw'} onClick={() => choose('draw')} disabled={!ready || !size}>
        Draw
      </Button>
      <Button mih={44} variant={mode === 'delete' ? 'filled' : 'default'} color={mode === 'delete' ? 'red' : undefined} aria-pressed={mode === 'delete'} onClick={() => choose('delete')} disabled={!ready || !size}>
        Delete
      </Button>
      <Button mih={44} variant="default" onClick={undo} disabled={draft.done.length === 0} title="Undo (Ctrl+Z)">
        Undo
      </Button>
      <Button mih={44} variant="default" onClick={redo} disabled={draft.undone.length === 0} title="Redo (Ctrl+R)">
        Redo
      </Button>
      <Button mih={44} onClick={() => void submit()} disabled={!changed} loading={saving} title="Save (Ctrl+S)">
        Save
      </Button>
      <Button mih={44} variant="subtle" onClick={() => setDiscarding(true)} disabled={!changed}>
        Cancel
      </Button>
      <Button mih={44} variant="subtle" onClick={() => setTutorial(true)}>
        How to build paths
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Location">
        <TreeSelect
          label="Location"
          nodes={bootstrap.groups}
          value={groupId}
          onChange={(id) => void navigate({ search: { groupId: id }, replace: true })}
          placeholder="Select a location"
        />
      </Group>
      {groupId === null || !group ? (
        <Alert color="gray" variant="light">Choose a location to draw its paths.</Alert>
      ) : !group.floorplanImage ? (
        <Alert color="gray" variant="light" data-testid="no-floor-plan">No floor plan for this location</Alert>
      ) : (
        <>
          <OfflineStamp updatedAt={paths.dataUpdatedAt} hasData={paths.data !== undefined} />
          {toolbar}
          <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="path-hint">
            {paths.isPending ? 'Loading paths…' : MODE_HINTS[mode]}
          </Text>
          {paths.error && !paths.data && <LoadError error={paths.error} unavailable="This location’s paths have not been loaded on this device yet." />}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
              <FloorPlanMap
                imageUrl={group.floorplanImage}
                label={`Floor plan of ${group.name}`}
                height="min(70vh, 720px)"
                maxScale={MAX_ZOOM}
                onLoad={setSize}
                onLoadError={() => setPlanFailed(true)}
                errorText="Error loading floorplan"
              >
                {(plan) =>
                  ready && (
                    <PathCanvas
                      size={plan}
                      segments={segments}
                      devices={(devices.data ?? []).map((d) => ({ id: d.id, name: d.name, type: d.type, x: d.x ?? 0, y: d.y ?? 0 }))}
                      anchor={anchor}
                      mode={mode}
                      highlighted={highlighted}
                      onTap={tap}
                    />
                  )
                }
              </FloorPlanMap>
              <Legend />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
              <Paper withBorder p="sm" radius="md">
                <PathList segments={segments} mapScale={group.mapScale} disabled={!ready || planFailed} onToggle={toggle} onHighlight={setHighlighted} />
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
      <PathTutorial opened={tutorial} onClose={() => setTutorial(false)} />
      <ConfirmDialog opened={discarding} title="Discard changes?" confirmLabel="Discard" destructive onConfirm={discard} onCancel={() => setDiscarding(false)}>
        Any unsaved changes will be lost.
      </ConfirmDialog>
      <ConfirmDialog
        opened={blocker.status === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        The paths you drew are not saved. They stay on this device and are here when you come back.
      </ConfirmDialog>
    </Stack>
  );
}

function Legend() {
  const item = (color: string, dashed: boolean, text: string) => (
    <Group gap={6} wrap="nowrap">
      <span aria-hidden style={{ display: 'inline-block', width: 24, borderTop: `4px ${dashed ? 'dashed' : 'solid'} var(--mantine-color-${color})` }} />
      <Text size="xs">{text}</Text>
    </Group>
  );
  return (
    <Group gap="md" mt="xs" wrap="wrap" aria-label="Legend">
      {item('blue-7', false, 'Saved')}
      {item('violet-6', true, 'Drawn, not saved')}
      {item('yellow-7', true, 'Pending: on this device, not sent yet')}
      {item('red-6', true, 'To delete')}
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: 'var(--mantine-color-indigo-3)', border: '2px solid var(--mantine-color-indigo-8)' }} />
        <Text size="xs">Beacon</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: 'var(--mantine-color-teal-3)', border: '2px solid var(--mantine-color-teal-8)' }} />
        <Text size="xs">Dispenser</Text>
      </Group>
    </Group>
  );
}
