import type { AuditUnit } from '@contracts/observation-audits';
import { Box, Select } from '@mantine/core';
import type { SessionPicks } from '../audit-store';

/**
 * The room being watched, kept at the top of the screen while the observer scrolls to the
 * indications (below the shell's header): the room changes far more often than anything else.
 */
export function RoomBar({ unit, picks, onPicks }: { unit: AuditUnit; picks: SessionPicks; onPicks: (picks: SessionPicks) => void }) {
  return (
    <Box
      pos="sticky"
      top="var(--app-shell-header-height, 60px)"
      py="xs"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 3, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Select
        label="Room"
        placeholder="No room chosen"
        data={unit.rooms.map((room) => ({ value: String(room.id), label: room.name }))}
        value={picks.room ? String(picks.room.id) : null}
        onChange={(next) => {
          const room = unit.rooms.find((r) => String(r.id) === next) ?? null;
          onPicks({ ...picks, room });
        }}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Room' }}
        searchable
        nothingFoundMessage="No such room on this unit"
        comboboxProps={{ withinPortal: true, keepMounted: false }}
        size="md"
      />
    </Box>
  );
}
