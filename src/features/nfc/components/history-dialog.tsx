import { Modal, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { useNfcAssignEvents } from '../api/get-assign-events';
import type { NfcRow } from '../nfc-rows';

/** Events per page of a tag's history: 5; the server sends up to 45. */
export const HISTORY_PAGE_SIZE = 5;

const name = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}`.trim() : '—');

/** Who held a tag when, and who made each change: newest first, up to 45 events. */
export function HistoryDialog({ tag, onClose }: { tag: NfcRow | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const events = useNfcAssignEvents(tag?.id ?? 0, tag?.id != null);
  const list = events.data?.pages[0]?.data.data ?? [];
  const shown = list.slice((page - 1) * HISTORY_PAGE_SIZE, page * HISTORY_PAGE_SIZE);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Modal opened={tag !== null} onClose={close} title={`History of ${tag?.nfcId ?? ''}`} size="lg">
      {tag?.id == null ? (
        <Text c="dimmed">This tag has not reached the server yet: it has no history.</Text>
      ) : events.isPending ? (
        <Skeleton height={180} />
      ) : events.isError ? (
        <LoadError error={events.error} title="The history could not be loaded" unavailable="The history of this tag is not on this device yet." />
      ) : list.length === 0 ? (
        <Text c="dimmed">No events</Text>
      ) : (
        <>
          <Table aria-label="Tag history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{formatDateTime(event.timestamp)}</Table.Td>
                  <Table.Td>{event.userId === null ? 'Unassigned' : `Assigned to ${name(event.user)}`}</Table.Td>
                  <Table.Td>{name(event.assignor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.length > HISTORY_PAGE_SIZE && (
            <Pagination mt="sm" total={Math.ceil(list.length / HISTORY_PAGE_SIZE)} value={page} onChange={setPage} aria-label="Pages of history" />
          )}
        </>
      )}
    </Modal>
  );
}
