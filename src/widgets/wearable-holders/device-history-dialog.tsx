import type { HistoryEntry } from '@contracts/wearables';
import { Modal, Text } from '@mantine/core';
import { DataTable, type DataColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/offline/connectivity';
import { useDeviceHistory } from '@/entities/devices/api/get-device-history';

/** Dialog tables show this many rows a page. */
export const HISTORY_PAGE_SIZE = 5;

const ASSIGNOR_LABELS: Record<HistoryEntry['assignor']['type'], string> = { USER: 'Unknown user', KIOSK: 'Kiosk', NFC: 'NFC station' };

const columns: DataColumn<HistoryEntry>[] = [
  { key: 'date', header: 'Date', value: (e) => e.timestamp, render: (e) => formatDateTime(e.timestamp) },
  { key: 'user', header: 'User', value: (e) => `${e.user.firstName} ${e.user.lastName}`.trim() || `User ${e.user.id}` },
  { key: 'action', header: 'Action', value: (e) => (e.type === 'ASSIGN' ? 'Assign' : 'Unassign') },
  { key: 'assignor', header: 'Assigned by', value: (e) => e.assignor.name ?? ASSIGNOR_LABELS[e.assignor.type] },
];

function HistoryTable({ deviceId }: { deviceId: number }) {
  const online = useOnlineStatus();
  const history = useDeviceHistory(deviceId);
  const entries = history.data?.pages.flatMap((page) => page.data) ?? [];
  const notLoadedOffline = !online && history.data === undefined;
  // Fetches the next 45 while the reader still has at least a page to go.
  const onPageChange = (page: number) => {
    const pages = Math.ceil(entries.length / HISTORY_PAGE_SIZE);
    if (history.hasNextPage && !history.isFetchingNextPage && page + 2 >= pages) void history.fetchNextPage();
  };
  return (
    <DataTable
      label="Assignment history"
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      pageSize={HISTORY_PAGE_SIZE}
      loading={(history.isPending && !notLoadedOffline) || history.isFetchingNextPage}
      error={history.data === undefined && history.error ? history.error : null}
      unavailableText="The history is not on this device yet."
      emptyText={notLoadedOffline ? 'The history is not on this device yet. It loads when the connection is back.' : 'No events'}
      onPageChange={onPageChange}
    />
  );
}

/** The device a History dialog is about: its id (null while it has not reached the server) and MAC. */
export interface HistoryDevice {
  id: number | null;
  mac: string;
}

/** A wearable's assignments and unassignments, newest first (badges, wristbands, SmartSensors). */
export function HistoryDialog({ device, onClose }: { device: HistoryDevice | null; onClose: () => void }) {
  return (
    <Modal opened={device !== null} onClose={onClose} title={`History of ${device?.mac ?? ''}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {device?.id != null ? (
        <HistoryTable deviceId={device.id} />
      ) : (
        <Text c="dimmed">No events: this device has not reached the server yet.</Text>
      )}
    </Modal>
  );
}
