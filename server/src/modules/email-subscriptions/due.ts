import type { StoredSchedule } from '../../contracts/email-subscriptions';

// When a subscription's email is due (docs/EMAILS.md). Every schedule sends at 12:30 in the
// subscriber's time zone: weekly on Mondays, daily, monthly on the 1st. An email is due from its
// slot until one day later; a server that is down for that whole day skips it rather than sending
// an old report late.

const SLOT_MINUTES = 12 * 60 + 30;
const DAY_MS = 86_400_000;
/** How long after its slot an email may still go out. */
export const SEND_WINDOW_MS = DAY_MS;

/** The wall-clock fields of `at` in `timeZone`. */
function localParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday as string),
    dayOfMonth: Number(parts.day),
  };
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The local day of the slot whose email is due at `now`, or null when none is: the latest slot at
 * or before `now` (in `timeZone`), if it is less than a day old.
 */
export function dueSlot(schedule: StoredSchedule, now: Date, timeZone: string): string | null {
  // Looking back one day is enough: a slot older than a day is past its window.
  for (const back of [0, 1]) {
    const probe = localParts(new Date(now.getTime() - back * DAY_MS), timeZone);
    const isSlotDay = schedule === 'DAILY' || (schedule === 'WEEKLY' ? probe.weekday === 1 : probe.dayOfMonth === 1);
    if (!isSlotDay) continue;
    if (back === 0 && probe.minutes < SLOT_MINUTES) continue;
    if (back === 1 && localParts(now, timeZone).minutes >= SLOT_MINUTES) continue;
    return probe.day;
  }
  return null;
}

/** The seven days a weekly report covers: the week (Monday to Sunday) before the slot's Monday. */
export function reportWeekOf(slotDay: string): { startDate: string; endDate: string } {
  return { startDate: addDays(slotDay, -7), endDate: addDays(slotDay, -1) };
}

/**
 * The days a report covers, by its schedule: a weekly one the week before the slot's Monday, a
 * daily one the day before the slot, a monthly one the calendar month before the slot's 1st.
 */
export function reportPeriodOf(schedule: StoredSchedule, slotDay: string): { startDate: string; endDate: string } {
  if (schedule === 'WEEKLY') return reportWeekOf(slotDay);
  const endDate = addDays(slotDay, -1);
  return { startDate: schedule === 'DAILY' ? endDate : `${endDate.slice(0, 8)}01`, endDate };
}

/** When a schedule's email comes, in words ('every Monday at 12:30 PM'). */
export const SCHEDULE_WORDS: Record<StoredSchedule, string> = {
  WEEKLY: 'every Monday at 12:30 PM',
  DAILY: 'every day at 12:30 PM',
  MONTHLY: 'on the 1st of every month at 12:30 PM',
};

/** What a schedule's period is called in a sentence ('this week'). */
export const PERIOD_WORDS: Record<StoredSchedule, string> = { WEEKLY: 'week', DAILY: 'day', MONTHLY: 'month' };
