import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's words ('Discard', 'Unassign'). */
  confirmLabel: string;
  /** Red for an action that loses something. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone; Cancel is the default focus. */
export function ConfirmDialog({ opened, title, children, confirmLabel, destructive, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus mih={44}>
          Cancel
        </Button>
        <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={busy} mih={44}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
