import type { Group as Location } from '@contracts/entities';
import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSession } from '@/lib/session-context';
import { monthLabel, shiftMonth } from '../session-figures';

/** The locations whose figures may be shown: the hospitals and the patient care units in the caller's scope. */
export function figureLocations(groups: readonly Location[]): Location[] {
  return groups.filter((g) => g.accessible && (g.type === 'HOSPITAL' || g.type === 'UNIT'));
}

/** The location shown: the one in the address when it may be, else the first hospital, else the first unit. */
export function chosenLocation(groups: readonly Location[], groupId: number | undefined): Location | null {
  const choices = figureLocations(groups);
  return choices.find((g) => g.id === groupId) ?? choices.find((g) => g.type === 'HOSPITAL') ?? choices[0] ?? null;
}

/** A hospital or a unit, and a month: what the validation and Leapfrog tabs are about. */
export function FiguresBar({
  location,
  onLocation,
  month,
  lastMonth,
  onMonth,
}: {
  location: Location | null;
  onLocation: (groupId: number) => void;
  month: string;
  lastMonth: string;
  onMonth: (month: string) => void;
}) {
  const { bootstrap } = useSession();
  const data = useMemo(() => {
    const choices = figureLocations(bootstrap.groups);
    const of = (type: string) => choices.filter((g) => g.type === type).map((g) => ({ value: String(g.id), label: g.name }));
    return [
      { group: 'Hospitals', items: of('HOSPITAL') },
      { group: 'Units', items: of('UNIT') },
    ].filter((g) => g.items.length > 0);
  }, [bootstrap.groups]);
  return (
    <Stack gap="xs" data-print="hide">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Hospital or unit"
          data={data}
          value={location ? String(location.id) : null}
          onChange={(value) => value && onLocation(Number(value))}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Nothing found"
          size="md"
          w={{ base: '100%', xs: 320 }}
        />
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size={44} aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
            ‹
          </ActionIcon>
          <Text fw={600} miw={130} ta="center" aria-live="polite">
            {monthLabel(month)}
          </Text>
          <ActionIcon variant="default" size={44} aria-label="Next month" disabled={month >= lastMonth} onClick={() => onMonth(shiftMonth(month, 1))}>
            ›
          </ActionIcon>
        </Group>
      </Group>
      {location && (
        <Text size="sm" c="dimmed">
          Each unit’s month on its own clock ({location.timeZone}).
        </Text>
      )}
    </Stack>
  );
}
