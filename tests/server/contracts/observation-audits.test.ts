import { describe, expect, it } from 'vitest';
import { isCompliantAction, observationBodySchema, observationSessionBodySchema } from '../../../server/src/contracts/observation-audits';

const valid = {
  clientId: '7d9f3c5e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  sessionClientId: '0b8f0f5e-2c1d-4e3f-9a8b-7c6d5e4f3a2b',
  observedAt: '2026-11-03T10:05:00-05:00',
  zoneId: 301,
  indication: 'MOMENT_4',
  action: 'WASH',
  gloves: true,
  userId: 42,
  professionId: null,
};
const problems = (value: unknown) => {
  const result = observationBodySchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('an observation as the observer’s device sends it', () => {
  it('is read when whole', () => {
    expect(problems(valid)).toEqual([]);
    expect(problems({ ...valid, userId: null, professionId: 'RN', zoneId: null })).toEqual([]);
  });

  it('is refused with a message naming what is wrong', () => {
    expect(problems({ ...valid, clientId: 'not-a-uuid' })).toEqual(['clientId: must be a UUID']);
    expect(problems({ ...valid, professionId: 'RN' })).toEqual(['professionId: name the person by userId or by professionId, not both']);
    expect(problems({ ...valid, indication: 'MOMENT_6' })[0]).toMatch(/^indication: /);
    expect(problems({ ...valid, action: 'SPLASH' })[0]).toMatch(/^action: /);
    expect(problems({ ...valid, observedAt: 'yesterday' })).toEqual(['observedAt: must be an ISO 8601 date-time']);
    expect(problems({ ...valid, comment: 'x' })).toEqual([": unknown field 'comment'"]);
  });

  it('counts a rub or a wash as hand hygiene performed, a missed one not', () => {
    expect([isCompliantAction('RUB'), isCompliantAction('WASH'), isCompliantAction('MISSED')]).toEqual([true, true, false]);
  });
});

describe('a session as the observer’s device sends it', () => {
  it('names its unit and start, and nothing else', () => {
    expect(observationSessionBodySchema.safeParse({ clientId: valid.sessionClientId, groupId: 6, startedAt: '2026-11-03T10:00:00Z' }).success).toBe(true);
    expect(observationSessionBodySchema.safeParse({ clientId: valid.sessionClientId, groupId: 0, startedAt: '2026-11-03T10:00:00Z' }).success).toBe(false);
  });
});
