import type { UserListRow } from '@contracts/user-list';
import type { HistoryEntry } from '@contracts/wearables';
import { Modal } from '@mantine/core';
import { DataTable, type DataColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { useUserHistory } from '../api/get-user-history';

/** Dialog tables show this many rows a page. */
const HISTORY_PAGE_SIZE = 5;
const ASSIGNOR_LABELS: Record<HistoryEntry['assignor']['type'], string> = { USER: 'Unknown user', KIOSK: 'Kiosk', NFC: 'NFC station' };

const columns: DataColumn<HistoryEntry>[] = [
  { key: 'date', header: 'Date', value: (e) => e.timestamp, render: (e) => formatDateTime(e.timestamp) },
  { key: 'device', header: 'Device', value: (e) => e.device.checkInCode ?? e.device.mac },
  { key: 'action', header: 'Action', value: (e) => (e.type === 'ASSIGN' ? 'Assign' : 'Unassign') },
  { key: 'assignor', header: 'Assigned by', value: (e) => e.assignor.name ?? ASSIGNOR_LABELS[e.assignor.type] },
];

function HistoryTable({ userId }: { userId: number }) {
  const history = useUserHistory(userId);
  const entries = history.data?.pages.flatMap((page) => page.data) ?? [];
  const onPageChange = (page: number) => {
    const pages = Math.ceil(entries.length / HISTORY_PAGE_SIZE);
    if (history.hasNextPage && !history.isFetchingNextPage && page + 2 >= pages) void history.fetchNextPage();
  };
  return (
    <DataTable
      label="User history"
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      pageSize={HISTORY_PAGE_SIZE}
      loading={history.isPending || history.isFetchingNextPage}
      error={history.data === undefined && history.error ? history.error : null}
      emptyText="No events"
      onPageChange={onPageChange}
    />
  );
}

/** User History: the wearables a user was given and gave back, newest first. */
export function UserHistoryDialog({ user, onClose }: { user: UserListRow | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="User History" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {user && <HistoryTable userId={user.id} />}
    </Modal>
  );
}
