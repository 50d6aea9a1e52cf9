import { Button, Group } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { COARSE_POINTER_QUERY, useMedia } from '@/lib/use-media';
import { useState } from 'react';
import { addDays, formatDay, todayUtc } from './date-range';
import { CALENDAR_ARIA_LABELS } from './date-range-picker';
import { PickerField } from './picker-field';

/**
 * A button showing one day that opens a calendar with Today and Yesterday shortcuts.
 * Days after `today` cannot be picked; when `availableDays` is given, only those days can
 * (a shortcut whose day is not among them is disabled). Picking a day, or a shortcut,
 * calls `onChange` and closes.
 */
export function SingleDatePicker({
  label = 'Date',
  value,
  onChange,
  today = todayUtc(),
  availableDays,
}: {
  label?: string;
  value: string;
  onChange: (day: string) => void;
  today?: string;
  availableDays?: readonly string[];
}) {
  const coarse = useMedia(COARSE_POINTER_QUERY);
  const [opened, setOpened] = useState(false);

  const available = availableDays ? new Set(availableDays) : null;
  const isAvailable = (day: string) => day <= today && (!available || available.has(day));
  const earliestAvailable = availableDays?.reduce<string | undefined>((min, day) => (!min || day < min ? day : min), undefined);
  const pick = (day: string | null) => {
    setOpened(false);
    if (day) onChange(day);
  };
  const shortcuts = [
    { label: 'Today', day: today },
    { label: 'Yesterday', day: addDays(today, -1) },
  ];

  return (
    <PickerField label={label} value={formatDay(value)} opened={opened} onOpenedChange={setOpened}>
      <Group gap="xs" role="group" aria-label="Shortcuts">
        {shortcuts.map((shortcut) => (
          <Button
            key={shortcut.label}
            variant={shortcut.day === value ? 'filled' : 'light'}
            aria-pressed={shortcut.day === value}
            disabled={!isAvailable(shortcut.day)}
            onClick={() => pick(shortcut.day)}
          >
            {shortcut.label}
          </Button>
        ))}
      </Group>
      <DatePicker
        value={value}
        onChange={pick}
        defaultDate={value}
        maxDate={today}
        minDate={earliestAvailable}
        excludeDate={available ? (day) => !available.has(day) : undefined}
        size={coarse ? 'lg' : 'md'}
        ariaLabels={CALENDAR_ARIA_LABELS}
      />
    </PickerField>
  );
}
