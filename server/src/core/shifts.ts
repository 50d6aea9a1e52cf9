// The two shifts of a unit's day, on its own clock: the dispenser reports split dispenses by them,
// and the observation audits compare like shifts (docs/METRICS.md '12. The Hawthorne gap').

/** Local hours of the daytime shift: 05:00 to 16:59; the night shift is the rest. */
export const DAY_SHIFT_HOURS = { first: 5, last: 16 } as const;
