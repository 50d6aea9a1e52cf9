import { Button, Group, Switch, Text } from '@mantine/core';
import { memo } from 'react';
import { QueueDialog as QueueDialogView } from './queue-dialog';
import { SettingsDrawer as SettingsDrawerView } from './settings-editor/settings-drawer';


/** The selection's count, the 'Update firmware' and 'Edit …' toggles and Queue (memoized: live events do not re-render it). */
export const OperationsToolbar = memo(function OperationsToolbar(props: {
  plural: string;
  selectedCount: number;
  /** The selected devices that may be operated: the settings editor opens for these. */
  operableCount: number;
  stagedCount: number;
  firmware: boolean;
  onFirmware: (on: boolean) => void;
  editing: boolean;
  onEdit: (on: boolean) => void;
  canQueue: boolean;
  onQueue: () => void;
  /** Where the page says how many are selected itself. */
  hideCount?: boolean;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="center">
      {!props.hideCount && (
        <Text size="sm" role="status" data-testid="selected-count">
          {props.selectedCount} selected
        </Text>
      )}
      <Switch label="Update firmware" checked={props.firmware} onChange={(e) => props.onFirmware(e.currentTarget.checked)} />
      <Switch
        label={props.stagedCount ? `Edit settings (${props.stagedCount} changed)` : `Edit ${props.plural.toLowerCase()}`}
        checked={props.editing || props.stagedCount > 0}
        disabled={props.operableCount === 0}
        onChange={(e) => props.onEdit(e.currentTarget.checked)}
      />
      <Button mih={44} disabled={!props.canQueue} onClick={props.onQueue}>
        Queue
      </Button>
    </Group>
  );
});

/** The Queue dialog and the settings editor drawer, re-rendered only when their own props change. */
export const QueueDialog = memo(QueueDialogView);
export const SettingsDrawer = memo(SettingsDrawerView);
