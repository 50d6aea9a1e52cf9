import { z } from 'zod';

// Why a room entry or exit counted as compliant, missed, or not at all (docs/METRICS.md '9.
// Activity breakdown'). The verdict is read from the visit the derivation stored: whether it was
// counted, whether it was compliant, and the hand hygiene that made it so (the one nearest the
// door's instant within the location's compliance window, docs/METRICS.md '3. Visits and
// opportunities'). Nothing here judges again: the words only say what the stored visit holds.

/** A room entry's or exit's verdict, as the visit stores it. */
export const opportunityVerdictSchema = z.object({
  /** Long enough to be an opportunity (at least the location's required visit duration). */
  counted: z.boolean(),
  /** Hand hygiene within the window. */
  compliant: z.boolean(),
  /** The location's compliance window around the door's instant (UTC instants). */
  windowFrom: z.string(),
  windowTo: z.string(),
  /** The hand hygiene that made it compliant; null when none fell in the window. */
  washAt: z.string().nullable(),
  /** How long the visit lasted, and how long a visit must last to count, in seconds. */
  visitSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
});
export type OpportunityVerdict = z.infer<typeof opportunityVerdictSchema>;

/** The short outcome: 'Compliant', 'Missed' or 'Not counted'. */
export const verdictOutcome = (v: OpportunityVerdict): 'Compliant' | 'Missed' | 'Not counted' => (!v.counted ? 'Not counted' : v.compliant ? 'Compliant' : 'Missed');

/**
 * The verdict in words, times as `time` writes them (the location's clock): 'Entry 10:05:00 AM ·
 * hand hygiene at 10:04:31 AM, within 10:04:00 AM–10:05:30 AM · compliant', 'Exit 10:12:00 AM · no
 * hand hygiene between 10:11:00 AM and 10:13:00 AM · missed', or 'Entry 10:05:00 AM · the visit
 * lasted 20 s, under the 30 s a visit needs · not an opportunity'.
 */
export function verdictWords(kind: 'Room Entry' | 'Room Exit', at: string, v: OpportunityVerdict, time: (at: string) => string): string {
  const door = `${kind === 'Room Entry' ? 'Entry' : 'Exit'} ${time(at)}`;
  if (!v.counted) return `${door} · the visit lasted ${v.visitSeconds} s, under the ${v.requiredSeconds} s a visit needs · not an opportunity`;
  if (v.compliant && v.washAt !== null) return `${door} · hand hygiene at ${time(v.washAt)}, within ${time(v.windowFrom)}–${time(v.windowTo)} · compliant`;
  return `${door} · no hand hygiene between ${time(v.windowFrom)} and ${time(v.windowTo)} · missed`;
}
