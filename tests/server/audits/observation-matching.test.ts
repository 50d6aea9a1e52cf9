import { describe, expect, it } from 'vitest';
import { matchObservations, type ObservedOpportunity, type SensorOpportunity } from '../../../server/src/modules/audits/observation-matching';

const ROOM = 301;
const OTHER_ROOM = 302;
const at = (iso: string) => new Date(iso);
const seconds = (base: string, s: number) => new Date(Date.parse(base) + s * 1000);

let nextId = 1;
const observed = (o: Partial<ObservedOpportunity> & { at: Date }): ObservedOpportunity => ({
  id: nextId++,
  zoneId: ROOM,
  userId: 7,
  professionId: 'RN',
  compliant: true,
  ...o,
});
const sensed = (s: Partial<SensorOpportunity> & { at: Date; id: string }): SensorOpportunity => ({ zoneId: ROOM, userId: 7, professionId: 'RN', compliant: true, ...s });

const T = '2026-11-03T10:00:00.000Z';

describe('matching an observation to a sensor opportunity', () => {
  it('matches 59 s and 60 s apart, not 61 s (the default tolerance of 60 s, inclusive)', () => {
    for (const [gap, matches] of [[59, true], [60, true], [-60, true], [61, false], [-61, false]] as const) {
      const result = matchObservations([observed({ at: at(T) })], [sensed({ id: 's', at: seconds(T, gap) })]);
      expect(result.pairs.length, `${gap} s`).toBe(matches ? 1 : 0);
    }
  });

  it("follows the organization's tolerance", () => {
    const o = [observed({ at: at(T) })];
    const s = [sensed({ id: 's', at: seconds(T, 90) })];
    expect(matchObservations(o, s, 90).pairs).toHaveLength(1);
    expect(matchObservations(o, s, 89).pairs).toHaveLength(0);
  });

  it('matches across midnight', () => {
    const result = matchObservations([observed({ at: at('2026-11-03T23:59:40.000Z') })], [sensed({ id: 's', at: at('2026-11-04T00:00:30.000Z') })]);
    expect(result.pairs).toHaveLength(1);
  });

  it("matches an identified person only to that wearer's opportunity, in the same room", () => {
    const o = observed({ at: at(T), userId: 7 });
    const result = matchObservations([o], [sensed({ id: 'other-wearer', at: at(T), userId: 8 }), sensed({ id: 'other-room', at: at(T), zoneId: OTHER_ROOM })]);
    expect(result.pairs).toHaveLength(0);
    expect(result.unseen).toEqual([o]);
    expect(result.unrecorded.map((s) => s.id)).toEqual(['other-wearer', 'other-room']);
  });

  it('matches an unidentified person by room, time and profession, or any profession when none was chosen', () => {
    const nurse = observed({ at: at(T), userId: null, professionId: 'RN' });
    const anyone = observed({ at: seconds(T, 5), userId: null, professionId: null });
    const result = matchObservations([nurse, anyone], [sensed({ id: 'doctor', at: at(T), userId: 9, professionId: 'MD' }), sensed({ id: 'nurse', at: seconds(T, 30), userId: 8, professionId: 'RN' })]);
    expect(result.pairs.map((p) => [p.observed.id, p.sensed.id])).toEqual([
      [anyone.id, 'doctor'],
      [nurse.id, 'nurse'],
    ]);
  });

  it('pairs each side at most once, the closest first, identified observations before unidentified ones', () => {
    const unidentified = observed({ at: at(T), userId: null, professionId: 'RN' });
    const identified = observed({ at: seconds(T, 40), userId: 7 });
    const result = matchObservations([unidentified, identified], [sensed({ id: 'only', at: at(T) })]);
    // The unidentified observation is closer, yet the identified one is matched first.
    expect(result.pairs.map((p) => p.observed.id)).toEqual([identified.id]);
    expect(result.unseen).toEqual([unidentified]);

    const early = observed({ at: seconds(T, -20) });
    const late = observed({ at: seconds(T, 10) });
    const two = matchObservations([early, late], [sensed({ id: 'a', at: at(T) }), sensed({ id: 'b', at: seconds(T, 30) })]);
    expect(two.pairs.map((p) => [p.observed.id, p.sensed.id])).toEqual([
      [late.id, 'a'],
      [early.id, 'b'],
    ]);
  });

  it('counts the matched pairs into the 2×2 table, the observer as the reference', () => {
    const result = matchObservations(
      [
        observed({ at: at(T), userId: 1, compliant: true }),
        observed({ at: at(T), userId: 2, compliant: true }),
        observed({ at: at(T), userId: 3, compliant: false }),
        observed({ at: at(T), userId: 4, compliant: false }),
        observed({ at: at(T), userId: 5, compliant: true }),
      ],
      [
        sensed({ id: '1', at: at(T), userId: 1, compliant: true }),
        sensed({ id: '2', at: at(T), userId: 2, compliant: false }),
        sensed({ id: '3', at: at(T), userId: 3, compliant: true }),
        sensed({ id: '4', at: at(T), userId: 4, compliant: false }),
        sensed({ id: '6', at: at(T), userId: 6, compliant: true }),
      ],
    );
    expect(result.table).toEqual({ both: 1, observerOnly: 1, sensorsOnly: 1, neither: 1 });
    expect(result.unseen.map((o) => o.userId)).toEqual([5]);
    expect(result.unrecorded.map((s) => s.id)).toEqual(['6']);
  });
});
