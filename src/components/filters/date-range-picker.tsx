import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { type CalendarAriaLabels, DatePicker } from '@mantine/dates';
import { COARSE_POINTER_QUERY, useMedia } from '@/lib/use-media';
import { useState } from 'react';
import { PickerField } from './picker-field';
import { earliestSelectableDay, formatDayRange, isRangeComplete, rangeShortcuts, startOfMonth, todayUtc } from './date-range';

type Draft = [string | null, string | null];

/** Names for the calendar's navigation buttons, which have none of their own. */
export const CALENDAR_ARIA_LABELS: CalendarAriaLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  monthLevelControl: 'Choose month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  yearLevelControl: 'Choose year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/** Below this width the calendars stack into one column. */
export const NARROW_QUERY = '(max-width: 599px)';
/** Fingers get larger calendar days than mouse pointers. */

/** The month the first calendar column shows, so that `end` sits in the last column. */
function firstShownMonth(end: string, columns: number, minDay: string): string {
  const month = startOfMonth(end, 1 - columns);
  const earliest = startOfMonth(minDay);
  return month < earliest ? earliest : month;
}

/**
 * A button showing the range that opens a two-month calendar (one month on narrow screens)
 * limited to [earliestSelectableDay(today), today]. A shortcut only selects its range in the
 * calendar, like picking two days would; nothing is applied until Apply, and Cancel (or
 * dismissing the popover) keeps the previous range. Apply calls `onApply(start, end)` with the
 * days in order, even when they equal the current range. A filter that may have no range gives
 * null ends, and the button then says `emptyText`.
 */
export function DateRangePicker({
  label = 'Date range',
  start,
  end,
  onApply,
  today = todayUtc(),
  minDay = earliestSelectableDay(today),
  emptyText = 'Any day',
}: {
  label?: string;
  /** The range's ends; null when none is chosen (both or neither). */
  start: string | null;
  end: string | null;
  onApply: (start: string, end: string) => void;
  today?: string;
  /** The earliest selectable day (default: earliestSelectableDay(today)); shortcuts starting before it are not offered. */
  minDay?: string;
  /** What the button says while no range is chosen. */
  emptyText?: string;
}) {
  const columns = useMedia(NARROW_QUERY) ? 1 : 2;
  const coarse = useMedia(COARSE_POINTER_QUERY);
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>([start, end]);
  const [month, setMonth] = useState(() => firstShownMonth(end ?? today, columns, minDay));

  const select = (from: string | null, to: string | null) => {
    setDraft([from, to]);
    setMonth(firstShownMonth(to ?? today, columns, minDay));
  };
  const toggle = () => {
    if (!opened) select(start, end);
    setOpened(!opened);
  };
  const [draftStart, draftEnd] = draft;
  const complete = isRangeComplete(draftStart, draftEnd);
  const apply = () => {
    if (!draftStart || !draftEnd || !complete) return;
    setOpened(false);
    onApply(draftStart, draftEnd);
  };

  return (
    <PickerField label={label} value={start && end ? formatDayRange(start, end) : emptyText} opened={opened} onOpenedChange={setOpened} onToggle={toggle}>
      {/* Apply and Cancel sit above the calendar so they stay on screen on short viewports. */}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setOpened(false)}>
          Cancel
        </Button>
        <Button disabled={!complete} onClick={apply}>
          Apply
        </Button>
      </Group>
      <Group gap="xs" role="group" aria-label="Shortcuts">
        {rangeShortcuts(today).filter((shortcut) => shortcut.start >= minDay).map((shortcut) => {
          const active = shortcut.start === draftStart && shortcut.end === draftEnd;
          return (
            <Button
              key={shortcut.label}
              variant={active ? 'filled' : 'light'}
              aria-pressed={active}
              onClick={() => select(shortcut.start, shortcut.end)}
            >
              {shortcut.label}
            </Button>
          );
        })}
      </Group>
      <DatePicker
        type="range"
        allowSingleDateInRange
        value={draft}
        onChange={setDraft}
        date={month}
        onDateChange={setMonth}
        numberOfColumns={columns}
        minDate={minDay}
        maxDate={today}
        size={coarse ? 'lg' : 'md'}
        ariaLabels={CALENDAR_ARIA_LABELS}
      />
    </PickerField>
  );
}
