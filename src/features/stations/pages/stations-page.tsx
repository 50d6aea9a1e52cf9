import type { KioskGateway } from '@contracts/stations';
import type { WristbandState } from '@contracts/stations-realtime';
import { Accordion, Badge, Button, Grid, Group, Loader, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { SearchInput, TreeSelect } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { hasAny } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import { useKioskGateways } from '../api/stations-queries';
import { AssignPanel, type PickedUser } from '../components/assign-panel';
import { FeedPanel } from '../components/feed-panel';
import { KioskPanel } from '../components/kiosk-panel';
import { NfcStationsTable } from '../components/nfc-stations-table';
import { type OpenSlot, SlotDialog } from '../components/slot-dialog';
import type { PendingAssignment } from '../live/pending-assignments';
import { useStationsLive } from '../live/use-stations-live';
import type { StationsAddress } from '../stations-search';
import { KIOSKS_PER_PAGE } from '../stations-ui';

const route = getRouteApi('/app/maintenance/stations');
const NO_PENDING: readonly PendingAssignment[] = [];

/** 'Showing X to Y of N stations'. */
export function showingText(page: number, count: number): string {
  if (count === 0) return 'Showing 0 of 0 stations';
  const from = page * KIOSKS_PER_PAGE + 1;
  const to = Math.min(count, (page + 1) * KIOSKS_PER_PAGE);
  return `Showing ${from} to ${to} of ${count} stations`;
}

/**
 * Stations (docs/STATIONS.md): the kiosk gateways of a location, five a page, each with its live session,
 * station diagrams and commands; the Feed of live session events and the Assign tab beside them.
 * With both permissions, a picker switches to the NFC stations' table.
 */
export default function StationsPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, role } = useSession();
  // The address, as the route's schema read it (stations-search.ts); changes replace the history entry.
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: StationsAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const groupId = search.groupId ?? null;
  const text = search.search ?? '';
  const mayStandard = hasAny(role, ['STATIONS']);
  const mayNfc = hasAny(role, ['NFC_STATIONS']);
  const view = mayStandard && mayNfc ? (search.type === 'nfc' ? 'nfc' : 'standard') : mayNfc ? 'nfc' : 'standard';

  return (
    <Stack gap={0}>
      <PageHeader title={entry.title} />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="Station filters">
        <TreeSelect label="Location" nodes={bootstrap.groups} value={groupId} onChange={(next) => update({ groupId: next, gatewayId: null })} placeholder="Select a location" />
        <SearchInput value={text} onChange={(next) => update({ search: next })} placeholder="Name, station or MAC" />
        {mayStandard && mayNfc && (
          <SegmentedControl
            aria-label="Station type"
            value={view}
            onChange={(value) => update({ type: value === 'nfc' ? 'nfc' : undefined })}
            data={[
              { value: 'nfc', label: 'NFC Stations' },
              { value: 'standard', label: 'Standard Stations' },
            ]}
            styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
          />
        )}
      </Group>
      {view === 'nfc' ? (
        <NfcStationsTable groupId={groupId} search={text} />
      ) : (
        <KioskView
          groupId={groupId}
          search={text}
          gatewayId={search.gatewayId ?? null}
          onGateway={(gatewayId) => update({ gatewayId })}
        />
      )}
    </Stack>
  );
}

function KioskView({
  groupId,
  search,
  gatewayId,
  onGateway,
}: {
  groupId: number | null;
  search: string;
  gatewayId: number | null;
  onGateway: (id: number | null) => void;
}) {
  const kiosks = useKioskGateways(groupId, search);
  const all = useMemo(() => (groupId === null ? [] : (kiosks.data ?? [])), [groupId, kiosks.data]);
  const [pageState, setPage] = useState<{ key: string; page: number }>({ key: '', page: 0 });
  const listKey = `${groupId}|${search}`;
  // A deep link to a gateway opens its page; a new location or search starts at the first page.
  const linkedPage = gatewayId === null ? -1 : Math.floor(all.findIndex((g) => g.id === gatewayId) / KIOSKS_PER_PAGE);
  const page = pageState.key === listKey ? pageState.page : Math.max(0, linkedPage);
  const pageCount = Math.ceil(all.length / KIOSKS_PER_PAGE);
  const shown = useMemo(() => all.slice(page * KIOSKS_PER_PAGE, (page + 1) * KIOSKS_PER_PAGE), [all, page]);
  const { live, snapshot } = useStationsLive(groupId === null || kiosks.isPending ? null : shown);

  const [picked, setPicked] = useState<PickedUser | null>(null);
  const [openSlot, setOpenSlot] = useState<OpenSlot | null>(null);
  const [tab, setTab] = useState<string | null>('feed');
  const [expanded, setExpanded] = useState<string[]>(() => (gatewayId === null ? [] : [String(gatewayId)]));
  const pendingByGateway = useMemo(() => {
    const map = new Map<string, PendingAssignment[]>();
    for (const p of snapshot.pending) map.set(p.gatewayMac, [...(map.get(p.gatewayMac) ?? []), p]);
    return map;
  }, [snapshot.pending]);

  const onSlot = useCallback((gateway: KioskGateway, slot: number, wristband: WristbandState) => {
    setOpenSlot({ gatewayMac: gateway.mac, gatewayName: gateway.name, slot, wristband });
  }, []);
  const onCommand = useCallback(
    (mac: string, type: 'cli' | 'update', label: string, payload: { command?: readonly string[] }) => live?.runCommand(mac, type, label, payload),
    [live],
  );
  // The dialog follows the live slot: a wristband that changes while it is open shows its new state.
  const liveSlot = useMemo(() => {
    if (!openSlot) return null;
    const state = snapshot.gateways.get(openSlot.gatewayMac)?.state;
    const w = state?.stations.flatMap((s) => s.slots).find((s) => s.slot === openSlot.slot)?.wristband;
    return w ? { ...openSlot, wristband: w } : openSlot;
  }, [openSlot, snapshot.gateways]);

  let list: ReactNode;
  if (groupId === null) {
    list = <EmptyState text="Please select a location" />;
  } else if (kiosks.isPending) {
    list = <Loader aria-label="Loading stations" m="md" />;
  } else if (kiosks.isError && !kiosks.data) {
    list = (
      <LoadError
        error={kiosks.error}
        unavailable="The stations are live and need the connection: their list, the feed and wristband assignments. NFC tags and badges can still be assigned offline."
      />
    );
  } else if (all.length === 0) {
    list = <EmptyState text="No kiosk gateways found" />;
  } else {
    list = (
      <Stack gap="sm">
        <Accordion
          multiple
          variant="separated"
          value={expanded}
          onChange={(values) => {
            setExpanded(values);
            onGateway(values.length ? Number(values.at(-1)) : null);
          }}
          chevronPosition="left"
        >
          {shown.map((gateway, i) => (
            <KioskPanel
              key={gateway.mac}
              gateway={gateway}
              index={page * KIOSKS_PER_PAGE + i}
              live={snapshot.gateways.get(gateway.mac)}
              connected={snapshot.connected}
              pending={pendingByGateway.get(gateway.mac) ?? NO_PENDING}
              onSlot={onSlot}
              onCommand={onCommand}
            />
          ))}
        </Accordion>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {showingText(page, all.length)}
          </Text>
          <Group gap="xs">
            <Button variant="default" mih={44} disabled={page === 0} onClick={() => setPage({ key: listKey, page: page - 1 })}>
              Previous
            </Button>
            <Button variant="default" mih={44} disabled={page >= pageCount - 1} onClick={() => setPage({ key: listKey, page: page + 1 })}>
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{list}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Paper withBorder radius="md">
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="feed" mih={44}>
                Feed
              </Tabs.Tab>
              <Tabs.Tab
                value="assign"
                mih={44}
                rightSection={snapshot.pending.length ? <Badge size="sm" circle>{snapshot.pending.length}</Badge> : null}
              >
                Assign
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="feed">
              <FeedPanel feed={snapshot.feed} />
            </Tabs.Panel>
            <Tabs.Panel value="assign">
              <AssignPanel picked={picked} onPick={setPicked} pending={snapshot.pending} onCancel={(id) => live?.cancelPending(id)} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Grid.Col>
      <SlotDialog
        open={liveSlot}
        picked={picked}
        onClose={() => setOpenSlot(null)}
        onAssign={(slot, user) => (live ? live.assign(slot.gatewayMac, slot.slot, user) : 'The stations are not connected yet.')}
      />
    </Grid>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text ta="center" c="dimmed">
        {text}
      </Text>
    </Paper>
  );
}
