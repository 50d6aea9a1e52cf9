import { ActionIcon, Menu } from '@mantine/core';
import type { BadgeRow } from '../badge-rows';

/** A badge's row actions: History, and Assign or Unassign where the page offers them. */
export function BadgeRowMenu({
  row,
  onHistory,
  onAssign,
  onUnassign,
}: {
  row: BadgeRow;
  onHistory: (row: BadgeRow) => void;
  /** Offered when the badge has no holder (omit where the page assigns by selection). */
  onAssign?: (row: BadgeRow) => void;
  onUnassign: (row: BadgeRow) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${row.mac}`}>
          <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden>
            <circle cx={10} cy={4} r={1.8} fill="currentColor" />
            <circle cx={10} cy={10} r={1.8} fill="currentColor" />
            <circle cx={10} cy={16} r={1.8} fill="currentColor" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
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
      </Menu.Dropdown>
    </Menu>
  );
}
