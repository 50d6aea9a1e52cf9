import { Menu } from '@mantine/core';
import { RowMenu } from '@/components/row-menu';
import type { BadgeRow } from '../badge-rows';

/** A badge's row actions: Edit settings where the page operates badges, History, and Assign or Unassign where the page offers them. */
export function BadgeRowMenu({
  row,
  onHistory,
  onAssign,
  onUnassign,
  onSettings,
}: {
  row: BadgeRow;
  onHistory: (row: BadgeRow) => void;
  /** Offered when the badge has no holder (omit where the page assigns by selection). */
  onAssign?: (row: BadgeRow) => void;
  onUnassign: (row: BadgeRow) => void;
  /** 'Edit settings', where the page operates badges; disabled while the badge may not be operated. */
  onSettings?: { run: (row: BadgeRow) => void; disabled: boolean };
}) {
  return (
    <RowMenu label={row.mac}>
      {onSettings && (
        <Menu.Item mih={44} disabled={onSettings.disabled} onClick={() => onSettings.run(row)}>
          Edit settings
        </Menu.Item>
      )}
      <Menu.Item mih={44} onClick={() => onHistory(row)}>
        History
      </Menu.Item>
      {row.user ? (
        <Menu.Item mih={44} color="red" onClick={() => onUnassign(row)}>
          Unassign
        </Menu.Item>
      ) : (
        onAssign && (
          <Menu.Item mih={44} onClick={() => onAssign(row)}>
            Assign
          </Menu.Item>
        )
      )}
    </RowMenu>
  );
}
