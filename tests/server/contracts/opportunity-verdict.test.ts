import { describe, expect, it } from 'vitest';
import { type OpportunityVerdict, verdictOutcome, verdictWords } from '../../../server/src/contracts/reports/opportunity-verdict';

// A room entry's or exit's verdict in words (docs/METRICS.md '9. Activity breakdown'): what the
// stored visit holds, with times as the caller writes them.

const time = (at: string) => at.slice(11, 19);
const base: OpportunityVerdict = {
  counted: true,
  compliant: true,
  windowFrom: '2026-03-10T10:04:00.000Z',
  windowTo: '2026-03-10T10:05:30.000Z',
  washAt: '2026-03-10T10:04:31.000Z',
  visitSeconds: 240,
  requiredSeconds: 30,
};

describe('an opportunity’s verdict', () => {
  it('names the hand hygiene that made it compliant, and the window it fell in', () => {
    expect(verdictWords('Room Entry', '2026-03-10T10:05:00.000Z', base, time)).toBe('Entry 10:05:00 · hand hygiene at 10:04:31, within 10:04:00–10:05:30 · compliant');
    expect(verdictOutcome(base)).toBe('Compliant');
  });

  it('says the window in which no hand hygiene came, for a missed one', () => {
    const missed = { ...base, compliant: false, washAt: null };
    expect(verdictWords('Room Exit', '2026-03-10T10:05:00.000Z', missed, time)).toBe('Exit 10:05:00 · no hand hygiene between 10:04:00 and 10:05:30 · missed');
    expect(verdictOutcome(missed)).toBe('Missed');
  });

  it('says a visit too short to count is no opportunity, whatever hand hygiene came', () => {
    const short = { ...base, counted: false, visitSeconds: 20 };
    expect(verdictWords('Room Entry', '2026-03-10T10:05:00.000Z', short, time)).toBe('Entry 10:05:00 · the visit lasted 20 s, under the 30 s a visit needs · not an opportunity');
    expect(verdictOutcome(short)).toBe('Not counted');
  });
});
