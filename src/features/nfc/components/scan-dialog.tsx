import { nfcIdSchema, nfcShortIdSchema } from '@contracts/nfc';
import { Alert, Badge, Button, CloseButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TreeSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { NfcScanField, splitNfcId } from '@/components/scanning';
import { getTagByNfcId } from '../api/get-tag-by-nfc-id';
import type { NfcCreatePayload } from '../outbox-handlers';

/** At most this many tags per scan. */
export const MAX_SCANNED_TAGS = 5;
export const DUPLICATES_MESSAGE = 'One or more NFC Tags already exist. These duplicates will not be submitted.';

interface Scanned {
  nfcId: string;
  nfcShortId: string;
  /** Already known (on the server, or queued on this device). */
  duplicate: boolean;
}

/**
 * 'Scan Up To 5 NFC Tags': each tag read (Web NFC, or a reader typing into the field) is split at
 * character 14 and upper-cased; a repeat is ignored; a tag that already exists is listed but not
 * submitted.
 */
export function ScanDialog({
  opened,
  onClose,
  defaultGroupId,
  knownNfcIds,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  defaultGroupId: number | null;
  /** NFC ids of the tags on screen (server and queued). */
  knownNfcIds: ReadonlySet<string>;
  onSubmit: (payloads: NfcCreatePayload[]) => Promise<unknown>;
}) {
  const { bootstrap } = useSession();
  const online = useOnlineStatus();
  const [groupId, setGroupId] = useState<number | null>(defaultGroupId);
  const [scanned, setScanned] = useState<Scanned[]>([]);
  const [readError, setReadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setScanned([]);
    setReadError(null);
    onClose();
  };

  const onRead = async (text: string) => {
    setReadError(null);
    const parts = splitNfcId(text);
    const id = nfcIdSchema.safeParse(parts.nfcId);
    const shortId = nfcShortIdSchema.safeParse(parts.nfcShortId);
    if (!id.success || !shortId.success) {
      setReadError(`"${text}" is not an NFC tag id: ${(id.error ?? shortId.error)?.issues[0]?.message ?? 'unreadable'}.`);
      return;
    }
    if (scanned.some((s) => s.nfcId === id.data) || scanned.length >= MAX_SCANNED_TAGS) return;
    let duplicate = knownNfcIds.has(id.data);
    const entry: Scanned = { nfcId: id.data, nfcShortId: shortId.data, duplicate };
    setScanned((list) => (list.some((s) => s.nfcId === entry.nfcId) ? list : [...list, entry]));
    if (!duplicate && online) {
      // A tag outside this list (another location) may exist too; offline the server says so on replay.
      duplicate = (await getTagByNfcId(id.data).catch(() => null)) !== null;
      if (duplicate) setScanned((list) => list.map((s) => (s.nfcId === entry.nfcId ? { ...s, duplicate } : s)));
    }
  };

  const fresh = scanned.filter((s) => !s.duplicate);
  const groupName = bootstrap.groups.find((g) => g.id === groupId)?.name ?? '';

  const submit = async () => {
    if (groupId === null || fresh.length === 0) return;
    setBusy(true);
    try {
      await onSubmit(
        fresh.map((s) => ({ body: { nfcId: s.nfcId, nfcShortId: s.nfcShortId, groupId, active: true, userId: null }, groupName, userName: null })),
      );
      close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Scan Up To 5 NFC Tags" size="lg">
      <Stack gap="sm">
        <TreeSelect label="Location" nodes={bootstrap.groups} value={groupId} onChange={setGroupId} placeholder="Choose a location" />
        <NfcScanField onRead={(text) => void onRead(text)} disabled={scanned.length >= MAX_SCANNED_TAGS} />
        {scanned.length >= MAX_SCANNED_TAGS && <Text size="sm">{MAX_SCANNED_TAGS} tags scanned: add them, or remove one to scan another.</Text>}
        {readError && (
          <Alert color="red" role="alert">
            {readError}
          </Alert>
        )}
        {scanned.some((s) => s.duplicate) && (
          <Alert color="yellow" role="alert">
            {DUPLICATES_MESSAGE}
          </Alert>
        )}
        {scanned.length > 0 && (
          <List listStyleType="none" spacing="xs" aria-label="Scanned tags">
            {scanned.map((s) => (
              <List.Item key={s.nfcId}>
                <Group gap="xs" wrap="nowrap">
                  <Text ff="monospace">
                    {s.nfcId}
                    {s.nfcShortId && <Text span c="dimmed">{` ${s.nfcShortId}`}</Text>}
                  </Text>
                  {s.duplicate && (
                    <Badge color="yellow" variant="light">
                      Already exists
                    </Badge>
                  )}
                  <CloseButton
                    size="lg"
                    aria-label={`Remove ${s.nfcId}`}
                    onClick={() => setScanned((list) => list.filter((x) => x.nfcId !== s.nfcId))}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} mih={44}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={groupId === null || fresh.length === 0} loading={busy} mih={44}>
            {fresh.length ? `Add ${fresh.length} tag${fresh.length === 1 ? '' : 's'}` : 'Add tags'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
