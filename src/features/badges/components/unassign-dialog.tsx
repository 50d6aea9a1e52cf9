import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { userLabel } from '@/entities/users/user-label';
import type { BadgeRow } from '../badge-rows';
import type { BadgeUser } from '../outbox-handlers';
import { useBadgeEdits } from '../use-badge-edits';

/** Asks 'Please confirm unassigning {name}', then queues the unassignment and reports it. */
export function UnassignDialog({ device, onClose }: { device: (BadgeRow & { user: BadgeUser }) | null; onClose: () => void }) {
  const { unassign } = useBadgeEdits();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!device) return;
    setBusy(true);
    try {
      await unassign(device);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      opened={device !== null}
      title="Unassign badge"
      confirmLabel="Unassign"
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {device ? `Please confirm unassigning ${userLabel(device.user)}` : ''}
    </ConfirmDialog>
  );
}
