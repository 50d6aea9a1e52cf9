import { ActionIcon, Menu } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';

const stop = (event: React.MouseEvent) => event.stopPropagation();

/**
 * A table row's actions: a three-dot button, 44 px to a finger and named for the row ('Actions for
 * {label}'), opening a menu of `Menu.Item`s. A tap on it never reaches the row beneath. The menu
 * (Mantine's popover, portal and transition) is mounted when first opened: a page of rows carries
 * its buttons, not a closed menu per row.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const mounted = useOpenedOnce(opened);
  const target = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={44}
      aria-label={`Actions for ${label}`}
      aria-haspopup="menu"
      aria-expanded={opened}
      onClick={(event) => {
        stop(event);
        if (!mounted) setOpened(true);
      }}
    >
      <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden>
        <circle cx={10} cy={4} r={1.8} fill="currentColor" />
        <circle cx={10} cy={10} r={1.8} fill="currentColor" />
        <circle cx={10} cy={16} r={1.8} fill="currentColor" />
      </svg>
    </ActionIcon>
  );
  if (!mounted) return target;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown onClick={stop}>{children}</Menu.Dropdown>
    </Menu>
  );
}
