import type { Gateway } from '@contracts/gateways';
import { Button, Group, Menu, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { showQueued } from '@/components/edit-toasts';
import { showError, showSuccess } from '@/components/toasts';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { FleetTabs } from '@/components/fleet-tabs';
import { PageHeader } from '@/components/page-header';
import { isTopLevel } from '@/entities/devices/assign-rules';
import { addressLocation } from '@/lib/address-location';
import { useSession } from '@/lib/session-context';
import { useLocationSelection, useSelectedRows } from '@/lib/use-location-selection';
import { useMedia } from '@/lib/use-media';
import { useNow } from '@/lib/use-now';
import { usePendingEdits } from '@/offline/use-outbox';
import { useSubmitEdits } from '@/offline/use-submit-edits';
import { useGateways } from '../api/get-gateways';
import { GatewayCard } from '../components/gateway-card';
import { GatewayDrawer } from '../components/gateway-drawer';
import { GatewayFilterBar } from '../components/gateway-filter-bar';
import { FindDevicesDialog, FindDevicesMenuItem } from '../components/find-devices-dialog';
import { GatewaySetupDrawer } from '../components/gateway-setup-drawer';
import { SoftwareUpdateDialog } from '../components/software-update-dialog';
import { filterGateways, type GatewayType } from '../gateway-filters';
import { CARD_ROW_HEIGHT, WIDE_GRID_PX, type HeartbeatBucket } from '../gateway-health';
import { gatewayEntity, SOFTWARE_UPDATE, type SoftwareUpdatePayload } from '../outbox-handlers';
import { holdsSetupQueue } from '../setup/setup-form';

const route = getRouteApi('/app/maintenance/gateways');
const VIEWS = [
  { value: 'all', label: 'All' },
  { value: 'recent', label: 'Recent' },
];
const SOFTWARE_TYPES = [SOFTWARE_UPDATE];
const idOf = (g: Gateway) => g.id;
const NO_GATEWAYS: Gateway[] = [];
const SOFTWARE_KIND = { type: SOFTWARE_UPDATE, entity: gatewayEntity };

/**
 * Gateways (docs/GATEWAYS.md): a location's gateways as cards with their heartbeat's health and software,
 * filtered by type, last heartbeat and search, all or only the recent ones; a gateway's drawer
 * with its details, last 24 hours and software; software update jobs for the chosen gateways,
 * queued through the outbox (docs/OFFLINE.md 'Gateways') and followed on their cards.
 */
export default function GatewaysPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = addressLocation(search.groupId, accessible, user.managedGroupIds);
  const update = useCallback((patch: { groupId?: number | null; search?: string }) => void navigateRef.current({ search: (current) => ({ ...current, ...patch }), replace: true }), []);
  const onGroup = useCallback((id: number | null) => update({ groupId: id }), [update]);
  const onSearch = useCallback((text: string) => update({ search: text || undefined }), [update]);

  const [type, setType] = useState<GatewayType>('all');
  const [heartbeat, setHeartbeat] = useState<HeartbeatBucket | null>(null);
  const [view, setView] = useState<'all' | 'recent'>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const [updating, setUpdating] = useState<Gateway[] | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [finding, setFinding] = useState(false);
  const findTopLevel = isTopLevel(groupId, bootstrap.groups);
  const wide = useMedia(`(min-width: ${WIDE_GRID_PX + 1}px)`);
  const now = useNow();

  const list = useGateways(groupId);
  const gateways = useMemo(
    () => filterGateways(list.data ?? [], { type, heartbeat, search: search.search ?? '', recentOnly: view === 'recent' }, now),
    [list.data, type, heartbeat, search.search, view, now],
  );
  const selection = useLocationSelection(groupId, idOf);
  const selected = useSelectedRows(selection, list.data ?? []);
  const queuedIds = new Set(usePendingEdits<SoftwareUpdatePayload>(SOFTWARE_TYPES).map((item) => item.payload.deviceId));
  const open = (list.data ?? []).find((g) => g.id === openId) ?? null;

  const submit = useSubmitEdits();
  const dispatch = useCallback(
    async (payloads: SoftwareUpdatePayload[]) => {
      notifications.show({ message: 'Creating software update jobs.' });
      await submit(SOFTWARE_KIND, payloads, ({ outcome }) => {
        if (outcome.refused.length) showError(outcome.refused.map((i) => `${i.payload.name}: ${i.lastError ?? 'refused'}`).join('\n'), 'Error creating software update jobs.');
        if (outcome.waiting.length) showQueued(outcome.waiting.length === 1 ? 'A software update' : `${outcome.waiting.length} software updates`, outcome.offline);
        if (outcome.sent.length && !outcome.refused.length) showSuccess('Software update jobs dispatched!');
      });
      selection.clear();
    },
    [submit, selection],
  );

  const emptyText = view === 'recent' ? 'No Recent Gateways' : 'No Gateways';
  return (
    <Stack gap="md" data-testid="gateways-page">
      <PageHeader
        title={entry.title}
        actions={
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" mih={44}>
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {holdsSetupQueue(bootstrap.groups) && (
                <Menu.Item mih={44} onClick={() => setSettingUp(true)}>
                  Setup
                </Menu.Item>
              )}
              <FindDevicesMenuItem topLevel={findTopLevel} onOpen={() => setFinding(true)} />
            </Menu.Dropdown>
          </Menu>
        }
      />
      <FleetTabs current="/app/maintenance/gateways" groupId={groupId} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <GatewayFilterBar
          groupId={groupId}
          onGroup={onGroup}
          type={type}
          onType={setType}
          heartbeat={heartbeat}
          onHeartbeat={setHeartbeat}
          search={search.search ?? ''}
          onSearch={onSearch}
        />
        <SegmentedControl aria-label="Gateways shown" value={view} onChange={(v) => setView(v === 'recent' ? 'recent' : 'all')} data={VIEWS} />
      </Group>
      <OfflineStamp updatedAt={list.dataUpdatedAt} hasData={list.data !== undefined} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" role="status">
          {list.data ? `${gateways.length} of ${list.data.length} gateways shown · ${selected.length} selected` : ''}
        </Text>
        <Group gap="xs">
          <Button variant="default" mih={44} disabled={gateways.length === 0} onClick={() => selection.set(new Set(gateways.map(idOf)))}>
            Select shown
          </Button>
          <Button variant="default" mih={44} disabled={selected.length === 0} onClick={selection.clear}>
            Clear selection
          </Button>
          <Button mih={44} disabled={selected.length === 0} onClick={() => setUpdating(selected)}>
            Update software{selected.length ? ` (${selected.length})` : ''}
          </Button>
        </Group>
      </Group>
      {groupId === null ? (
        <Text c="dimmed">Please select a location</Text>
      ) : list.isPending ? (
        <SimpleGrid cols={wide ? 4 : 3} aria-busy="true" aria-label="Loading gateways">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={CARD_ROW_HEIGHT} />
          ))}
        </SimpleGrid>
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} title="The gateways could not be loaded" unavailable="The gateways of this location have not been loaded on this device yet." />
      ) : gateways.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      ) : (
        <SimpleGrid cols={wide ? 4 : 3} spacing="sm" role="list" aria-label="Gateways">
          {gateways.map((g) => (
            <div role="listitem" key={g.id}>
              <GatewayCard gateway={g} now={now} selected={selection.keys.has(g.id)} onToggle={selection.toggle} onOpen={setOpenId} queued={queuedIds.has(g.id)} />
            </div>
          ))}
        </SimpleGrid>
      )}
      <GatewayDrawer gateway={open} now={now} queued={open !== null && queuedIds.has(open.id)} onClose={() => setOpenId(null)} onUpdate={(g) => setUpdating([g])} />
      <SoftwareUpdateDialog gateways={updating ?? []} opened={updating !== null} onClose={() => setUpdating(null)} onDispatch={dispatch} />
      <GatewaySetupDrawer opened={settingUp} onClose={() => setSettingUp(false)} groupId={groupId} />
      <FindDevicesDialog opened={finding} onClose={() => setFinding(false)} groupId={groupId} topLevel={findTopLevel} gateways={list.data ?? NO_GATEWAYS} preselected={selected} />
    </Stack>
  );
}
