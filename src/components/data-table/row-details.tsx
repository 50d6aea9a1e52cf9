import { ActionIcon, Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Below this width a table keeps its name, key figure and row menu on screen and moves the
 * columns marked `fold` into each row's details (Mantine's lg breakpoint: iPads either way up,
 * tablets and phones fold; desktops show every column).
 */
export const FOLD_QUERY = '(max-width: 74.99em)';

/** The button at a row's start that opens and closes its details. */
export function DetailsToggle({ open, label, controls, onToggle }: { open: boolean; label: string; controls: string; onToggle: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={44}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`${open ? 'Hide' : 'Show'} details of ${label}`}
      onClick={onToggle}
    >
      <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
        <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ActionIcon>
  );
}

/** The row under an opened row: each folded column's header and cell, as a list of terms. */
export function DetailsRow({ id, colSpan, items }: { id: string; colSpan: number; items: { key: string; header: string; cell: ReactNode }[] }) {
  return (
    <Table.Tr id={id} data-row-details>
      <Table.Td colSpan={colSpan} bg="var(--mantine-color-default-hover)">
        <Box
          component="dl"
          m={0}
          py={4}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))', gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)' }}
        >
          {items.map((item) => (
            <div key={item.key}>
              <Text component="dt" size="xs" c="dimmed">
                {item.header}
              </Text>
              <Box component="dd" m={0} fz="sm">
                {item.cell}
              </Box>
            </div>
          ))}
        </Box>
      </Table.Td>
    </Table.Tr>
  );
}
