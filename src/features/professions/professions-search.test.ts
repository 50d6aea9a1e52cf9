import { describe, expect, it } from 'vitest';
import { professionCode } from '@contracts/professions';
import { filterProfessions, professionsSearchSchema } from './professions-search';
import { addProfessionSchema } from './components/add-profession-dialog';

const rows = [
  { name: 'Registered Nurse', id: 'REGISTERED_NURSE' },
  { name: 'Physician', id: 'PHYSICIAN' },
];

describe('professions', () => {
  it('finds a profession by name or ID, ignoring case; a blank search shows all', () => {
    expect(filterProfessions(rows, 'nurse').map((r) => r.id)).toEqual(['REGISTERED_NURSE']);
    expect(filterProfessions(rows, 'physician').map((r) => r.id)).toEqual(['PHYSICIAN']);
    expect(filterProfessions(rows, '  ')).toHaveLength(2);
    expect(professionsSearchSchema.parse({ search: 'nurse' })).toEqual({ search: 'nurse' });
  });

  it('makes the id from the trimmed name, and needs a name of at least 2 characters', () => {
    expect(professionCode('  Wound  Care nurse ')).toBe('WOUND_CARE_NURSE');
    expect(addProfessionSchema.safeParse({ name: ' a ' }).success).toBe(false);
    expect(addProfessionSchema.safeParse({ name: 'RN' }).success).toBe(true);
  });
});
