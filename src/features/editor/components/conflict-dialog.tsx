import { editorConflictSchema, type EditorEntity } from '@contracts/editor';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { OutboxItem } from '@/offline/db';
import { offlineDb } from '@/offline/db';
import { discardItem, resendChanged } from '@/offline/outbox';
import { codeWords } from '@/lib/format';
import { requestReplay } from '@/offline/sync';
import { editorDb } from '../editor-store';
import type { EditorEditPayload, EntityDraft } from '../editor-model';

/** A refused save that conflicts with someone else's edit: what this device sent, and the server's version now (null: gone from the location). */
export interface SaveConflictView {
  item: OutboxItem<EditorEditPayload>;
  theirs: EditorEntity | null;
}

/** The conflicts among the refused saves (their 409 answers are kept by the outbox handler). */
export function useSaveConflicts(failed: readonly OutboxItem<EditorEditPayload>[]): SaveConflictView[] {
  const ids = failed.map((item) => item.id).join(',');
  const [found, setFound] = useState<SaveConflictView[]>([]);
  useEffect(() => {
    let cancelled = false;
    const items = failed.filter((item) => ids.split(',').includes(item.id));
    void editorDb()
      .saveConflicts.bulkGet(items.map((item) => item.id))
      .then((rows) => {
        if (cancelled) return;
        setFound(
          rows.flatMap((row, i) => {
            const parsed = row ? editorConflictSchema.safeParse(row.body) : null;
            const item = items[i];
            if (!parsed?.success || !item) return [];
            return [{ item, theirs: parsed.data.conflicts[0]?.current ?? null }];
          }),
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // `ids` stands for `failed`: a new array of the same items reads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return found;
}

function describe(entity: EntityDraft | EditorEntity | null): string[] {
  if (!entity) return ['Replaced or removed by someone else: it is no longer in this location.'];
  const lines = [`Name: ${entity.name}`];
  if (entity.entityType === 'DEVICE') {
    lines.push(`MAC: ${entity.mac}`, `Type: ${codeWords(entity.type)}`);
    if (entity.x !== null && entity.y !== null) lines.push(`Position: ${Math.round(entity.x)}, ${Math.round(entity.y)}`);
  } else {
    lines.push(`Type: ${codeWords(entity.type)}`, `Outline: ${(entity.geometry?.coordinates[0]?.length ?? 1) - 1} corners`);
  }
  lines.push(entity.staged ? 'Staged' : 'Published', entity.active ? 'Active' : 'Inactive');
  return lines;
}

/**
 * Shows each conflicting save beside the server's version and lets the technician keep theirs
 * (sent again over the server's version) or take the server's (their change is dropped). Nothing
 * is resolved without them.
 */
export function ConflictDialog({ conflicts, opened, onClose, onResolved }: { conflicts: readonly SaveConflictView[]; opened: boolean; onClose: () => void; onResolved: () => void }) {
  const [busy, setBusy] = useState(false);
  const resolve = async (conflict: SaveConflictView, keepMine: boolean) => {
    setBusy(true);
    try {
      const db = offlineDb();
      if (keepMine && conflict.theirs) {
        const payload = { ...conflict.item.payload, entity: { ...conflict.item.payload.entity, version: conflict.theirs.version } };
        await editorDb().saveConflicts.delete(conflict.item.id);
        await resendChanged(db, conflict.item.id, payload);
        requestReplay({ ignoreBackoff: true });
      } else {
        await editorDb().saveConflicts.delete(conflict.item.id);
        await discardItem(db, conflict.item.id);
      }
      onResolved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened && conflicts.length > 0} onClose={onClose} title="Changed by someone else" size="xl" centered>
      <Stack gap="lg">
        {conflicts.map((conflict) => {
          const mine = conflict.item.payload;
          return (
            <Stack key={conflict.item.id} gap="xs" data-testid="save-conflict">
              <Title order={4}>{mine.entity.name}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Stack gap={2}>
                  <Text fw={600}>Your version{mine.remove ? ' (removed)' : ''}</Text>
                  {describe(mine.entity).map((line) => (
                    <Text key={line} size="sm">{line}</Text>
                  ))}
                </Stack>
                <Stack gap={2}>
                  <Text fw={600}>The server’s version</Text>
                  {describe(conflict.theirs).map((line) => (
                    <Text key={line} size="sm">{line}</Text>
                  ))}
                </Stack>
              </SimpleGrid>
              <Group justify="flex-end">
                <Button mih={44} variant="default" loading={busy} onClick={() => void resolve(conflict, false)}>
                  Take the server’s
                </Button>
                <Button
                  mih={44}
                  loading={busy}
                  disabled={conflict.theirs === null}
                  title={conflict.theirs === null ? 'It is no longer in this location: nothing to keep yours over.' : undefined}
                  onClick={() => void resolve(conflict, true)}
                >
                  Keep mine
                </Button>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </Modal>
  );
}
