import { Alert, Badge, Button, Card, Drawer, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/lib/format';
import { offlineDb, type OutboxItem } from '@/offline/db';
import { useOnlineStatus } from '@/offline/connectivity';
import { discardItem, outboxHandler, retryItem } from '@/offline/outbox';
import { requestReplay } from '@/offline/sync';
import { useSyncStatus } from '@/offline/use-outbox-view';

/** The change in words; a type this version cannot send is still named. */
export function describeItem(item: OutboxItem): string {
  return outboxHandler(item.type)?.describe(item.payload) ?? `A change this version of the app cannot send (${item.type})`;
}

function ItemState({ item, online }: { item: OutboxItem; online: boolean }) {
  if (item.status === 'failed') {
    return (
      <Text size="sm" c="red.8">
        Not accepted: {item.lastError ?? 'the server refused this change.'}
      </Text>
    );
  }
  if (!online) return <Text size="sm">Waiting for the network.</Text>;
  if (item.lastError) {
    return (
      <Text size="sm">
        Will try again at {formatDateTime(new Date(item.nextAttemptAt))}. Last attempt: {item.lastError}
      </Text>
    );
  }
  return <Text size="sm">Waiting to be sent.</Text>;
}

/**
 * Every change made on this device that the server does not have yet: pending ones and the ones
 * it refused, each refused one with the server's message and Retry or Discard (Discard asks first).
 */
export function OutboxPanel({ opened, onClose, items }: { opened: boolean; onClose: () => void; items: OutboxItem[] }) {
  const online = useOnlineStatus();
  const { replaying, needsSignIn } = useSyncStatus();
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const pending = items.filter((item) => item.status === 'pending').length;

  const retry = async (item: OutboxItem) => {
    await retryItem(offlineDb(), item.id);
    requestReplay({ ignoreBackoff: true });
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Changes on this device" size="md">
      <Stack gap="sm">
        {needsSignIn && (
          <Alert color="yellow" title="Sign in again to send your changes">
            Your session ended. Your changes are kept on this device and are sent once you have signed in again.
          </Alert>
        )}
        {items.length === 0 ? (
          <Text c="dimmed">Everything you changed has reached the server.</Text>
        ) : (
          <Group justify="space-between">
            <Text size="sm">
              {pending} waiting · {items.length - pending} not accepted
            </Text>
            <Button
              size="sm"
              mih={44}
              variant="light"
              disabled={!online || pending === 0}
              loading={replaying}
              onClick={() => requestReplay({ ignoreBackoff: true })}
            >
              Send now
            </Button>
          </Group>
        )}
        {items.map((item) => (
          <Card key={item.id} component="article" withBorder padding="sm" aria-label={describeItem(item)}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={500} style={{ minWidth: 0 }}>
                {describeItem(item)}
              </Text>
              {/* Never squeezed: the status is read in full however long the description. */}
              <Badge color={item.status === 'failed' ? 'red' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
                {item.status === 'failed' ? 'Not accepted' : 'Pending'}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              Made {formatDateTime(new Date(item.createdAt))}
            </Text>
            <ItemState item={item} online={online} />
            {item.status === 'failed' && (
              <Group mt="xs" gap="xs">
                <Button size="sm" mih={44} onClick={() => void retry(item)}>
                  Retry
                </Button>
                <Button size="sm" mih={44} variant="default" color="red" onClick={() => setDiscarding(item)}>
                  Discard
                </Button>
              </Group>
            )}
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        opened={discarding !== null}
        title="Discard this change?"
        confirmLabel="Discard"
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void discardItem(offlineDb(), discarding.id);
          setDiscarding(null);
        }}
      >
        {discarding ? `"${describeItem(discarding)}" will not reach the server. This cannot be undone.` : ''}
      </ConfirmDialog>
    </Drawer>
  );
}
