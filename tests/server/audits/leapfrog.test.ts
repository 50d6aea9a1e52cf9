import { describe, expect, it } from 'vitest';
import { hospitalReadiness, unitReadiness, type UnitMonth } from '../../../server/src/modules/audits/leapfrog';

/** A unit that meets option 1: 210 opportunities spread over both shifts, every weekday and both roles, validated. */
const covered: UnitMonth = {
  unit: 'ICU – 3 North',
  opportunities: 210,
  byShift: { Day: 120, Night: 90 },
  byWeekday: [30, 30, 30, 30, 30, 30, 30],
  byRole: { 'Registered Nurse': 150, Physician: 60 },
  validation: { sessions: 2, matched: 48, kappa: 0.71 },
};

describe('a patient care unit’s Leapfrog readiness', () => {
  it('is Complete with the target monitored across every shift, weekday and role, and validated', () => {
    expect(unitReadiness(covered, 1)).toEqual({ unit: 'ICU – 3 North', status: 'Complete', target: 200, gaps: [], thin: [] });
  });

  it('needs 200 opportunities under option 1 and 100 under option 2', () => {
    const fewer = { ...covered, opportunities: 143 };
    expect(unitReadiness(fewer, 1)).toMatchObject({ status: 'Gap', gaps: ['143 opportunities monitored of the 200 needed'] });
    expect(unitReadiness(fewer, 2)).toMatchObject({ status: 'Complete', target: 100 });
    expect(unitReadiness({ ...covered, opportunities: 200 }, 1).status).toBe('Complete');
    expect(unitReadiness({ ...covered, opportunities: 1 }, 2).gaps).toEqual(['1 opportunity monitored of the 100 needed']);
  });

  it('has a gap for a shift, weekday or role with nothing monitored, and says where it is thin', () => {
    const r = unitReadiness({ ...covered, byShift: { Day: 190, Night: 20 }, byWeekday: [30, 30, 30, 30, 30, 14, 0], byRole: { 'Registered Nurse': 195, Physician: 15, 'Respiratory Therapist': 0 } }, 1);
    expect(r.status).toBe('Gap');
    expect(r.gaps).toEqual(['No opportunity monitored on Sundays', 'No opportunity monitored on the role Respiratory Therapist']);
    // Half an even share of 200: 50 a shift, 15 a weekday; a role under 10 % of it, 20.
    expect(r.thin).toEqual(['the night shift: 20 opportunities, fewer than 50', 'Saturdays: 14 opportunities, fewer than 15', 'the role Physician: 15 opportunities, fewer than 20']);
  });

  it('has a gap when no observation audit validated it this month', () => {
    expect(unitReadiness({ ...covered, validation: { sessions: 0, matched: 0, kappa: null } }, 1).gaps).toEqual(['Not validated this month: no observation audit']);
    expect(unitReadiness({ ...covered, validation: { sessions: 1, matched: 0, kappa: null } }, 1).gaps).toEqual(['Not validated this month: no observation matched the sensors']);
  });
});

describe('a hospital’s readiness', () => {
  it('is Complete when every patient care unit is, and names the units short otherwise', () => {
    expect(hospitalReadiness([covered, { ...covered, unit: 'Med-Surg – 5 East' }], 1)).toMatchObject({ status: 'Complete', summary: 'Every patient care unit covered' });
    const short = hospitalReadiness([covered, { ...covered, unit: 'Med-Surg – 5 East', opportunities: 80 }], 1);
    expect(short).toMatchObject({ status: 'Gap', summary: '1 unit of 2 short: Med-Surg – 5 East' });
    expect(short.units.map((u) => u.status)).toEqual(['Complete', 'Gap']);
    expect(hospitalReadiness([], 1)).toMatchObject({ status: 'Gap', summary: 'No patient care unit' });
  });
});
