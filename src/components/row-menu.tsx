import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

const stop = (event: React.MouseEvent) => event.stopPropagation();

/**
 * A table row's actions: a three-dot button, 44 px to a finger and named for the row ('Actions for
 * {label}'), opening a menu of `Menu.Item`s. A tap on it never reaches the row beneath.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${label}`} onClick={stop}>
          <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden>
            <circle cx={10} cy={4} r={1.8} fill="currentColor" />
            <circle cx={10} cy={10} r={1.8} fill="currentColor" />
            <circle cx={10} cy={16} r={1.8} fill="currentColor" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>{children}</Menu.Dropdown>
    </Menu>
  );
}
