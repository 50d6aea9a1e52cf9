import { describe, expect, it } from 'vitest';
import { DEVICE_SUBJECTS, PERMISSION_SUBJECTS } from '../../../server/src/contracts/permissions';
import { DEMO_ACCOUNTS } from '../../../server/src/db/demo-accounts';
import { professionCode } from '../../../server/src/db/demo/people-data';
import { createRandom } from '../../../server/src/db/demo/random';
import { DEFAULT_TEMPLATES, EMPLOYEE_SUBJECTS, SUBJECT_CATALOG } from '../../../server/src/db/permission-catalog';

describe('seed catalogs', () => {
  it('places exactly the contract’s device subjects in the device area', () => {
    const device = PERMISSION_SUBJECTS.filter((s) => SUBJECT_CATALOG[s].area === 'device');
    expect([...device].sort()).toEqual([...DEVICE_SUBJECTS].sort());
  });

  it('has default templates 1–4 without duplicate subjects', () => {
    expect(DEFAULT_TEMPLATES.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    for (const t of DEFAULT_TEMPLATES) expect(new Set(t.subjects).size).toBe(t.subjects.length);
  });

  it('gives the subjects of the provider’s own pages (Server Logs) to no default template but the Administrator', () => {
    expect(EMPLOYEE_SUBJECTS).toEqual(['SERVER_LOGS']);
    for (const t of DEFAULT_TEMPLATES) {
      expect(t.subjects.filter((s) => EMPLOYEE_SUBJECTS.includes(s)), t.name).toEqual(t.id === 1 ? ['SERVER_LOGS'] : []);
    }
  });

  it('derives profession codes from names', () => {
    expect(professionCode('Registered Nurse')).toBe('REGISTERED_NURSE');
    expect(professionCode(' Other ')).toBe('OTHER');
  });

  it('has a PRNG that depends only on its seed', () => {
    const draw = (seed: number) => {
      const r = createRandom(seed);
      return Array.from({ length: 5 }, () => r.int(0, 1000));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('lists the eight demo accounts with passwords that meet the password rules', () => {
    expect(DEMO_ACCOUNTS).toHaveLength(8);
    for (const a of DEMO_ACCOUNTS) {
      expect(a.email).toBe(a.email.toLowerCase());
      expect(a.password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%^&*]).{8,}$/);
    }
    expect(DEMO_ACCOUNTS.filter((a) => a.temporary).map((a) => a.email)).toEqual(['invited@demo.health']);
    expect(DEMO_ACCOUNTS.filter((a) => a.disabled).map((a) => a.email)).toEqual(['disabled@demo.health']);
  });
});
