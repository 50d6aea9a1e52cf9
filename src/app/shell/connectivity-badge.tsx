import { Badge, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { OutboxItem } from '@/offline/db';
import { useOnlineStatus } from '@/offline/connectivity';
import { useOutboxItems, useSyncStatus } from '@/offline/use-outbox-view';
import { useOpenedOnce } from '@/lib/use-opened-once';

// The panel (and the outbox's storage code it uses) loads when it is first opened.
const OutboxPanel = lazy(() => import('./outbox-panel').then((module) => ({ default: module.OutboxPanel })));

interface Indicator {
  label: string;
  color: string;
  variant: 'light' | 'filled';
}

/** What the header says: online, offline, syncing N, N waiting, or N not accepted. */
export function indicatorOf(online: boolean, replaying: boolean, items: readonly OutboxItem[]): Indicator {
  const failed = items.filter((item) => item.status === 'failed').length;
  const pending = items.length - failed;
  if (!online) return { label: pending ? `Offline · ${pending} queued` : 'Offline', color: 'gray', variant: 'filled' };
  if (failed) return { label: `${failed} not accepted`, color: 'red', variant: 'filled' };
  if (pending) return { label: replaying ? `Syncing ${pending}` : `${pending} waiting`, color: 'yellow', variant: 'light' };
  return { label: 'Online', color: 'green', variant: 'light' };
}

/** Online/offline and outbox indicator in the header; it opens the outbox panel. Changes are announced to screen readers. */
export function ConnectivityBadge() {
  const online = useOnlineStatus();
  const { replaying } = useSyncStatus();
  const items = useOutboxItems() ?? [];
  const [opened, { open, close }] = useDisclosure(false);
  const panelWanted = useOpenedOnce(opened);
  const indicator = indicatorOf(online, replaying, items);
  return (
    <>
      <UnstyledButton
        onClick={open}
        mih={44}
        px={4}
        aria-label={`${indicator.label}. Show changes on this device`}
        aria-haspopup="dialog"
        data-testid="connectivity"
      >
        <Badge color={indicator.color} variant={indicator.variant} role="status" aria-live="polite" style={{ cursor: 'pointer' }}>
          {indicator.label}
        </Badge>
      </UnstyledButton>
      {panelWanted && (
        <Suspense fallback={null}>
          <OutboxPanel opened={opened} onClose={close} items={items} />
        </Suspense>
      )}
    </>
  );
}
