import { describe, expect, it } from 'vitest';
import { setPasswordBodySchema } from '../../../server/src/contracts/account-access';
import {
  newPasswordFormSchema,
  passwordChecklist,
  passwordSchema,
  PASSWORD_CANNOT_BE_REUSED,
  PASSWORDS_MUST_MATCH,
} from '../../../server/src/contracts/password';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordSchema.safeParse('Ward7!clean').success).toBe(true);
  });

  it.each([
    ['Ab1!efg', 'Password must be at least 8 characters long'],
    ['Abcdefg!', 'Password must contain a number'],
    ['abcdef1!', 'Password must contain an uppercase letter'],
    ['ABCDEF1!', 'Password must contain a lowercase letter'],
    ['Abcdef12', 'Password must contain one of !@#$%^&*'],
  ])('refuses %s with its rule', (password, message) => {
    expect(firstMessage(passwordSchema.safeParse(password))).toBe(message);
  });

  it.each(['!', '@', '#', '$', '%', '^', '&', '*'])('counts %s as a special character', (special) => {
    expect(passwordSchema.safeParse(`Abcdef1${special}`).success).toBe(true);
  });

  it.each(['-', '_', '?', '(', '.', ' '])('does not count %j as a special character', (other) => {
    expect(passwordSchema.safeParse(`Abcdef1${other}x`).success).toBe(false);
  });

  it('checks the trimmed value and yields it', () => {
    // Eight characters only with the spaces: trimmed it is too short.
    expect(passwordSchema.safeParse('  Ab1!efg  ').success).toBe(false);
    expect(passwordSchema.parse('  Ab1!efgh  ')).toBe('Ab1!efgh');
  });
});

describe('the new-password form', () => {
  const form = newPasswordFormSchema({ username: 'invited@demo.health', temporaryPassword: 'Temp!2345' });

  it('needs the two entries to match', () => {
    const result = form.safeParse({ password: 'Ward7!clean', confirmPassword: 'Ward7!clean2' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([PASSWORDS_MUST_MATCH]);
    expect(form.safeParse({ password: ' Ward7!clean', confirmPassword: 'Ward7!clean ' }).success).toBe(true);
  });

  it('refuses the temporary password', () => {
    const result = form.safeParse({ password: 'Temp!2345', confirmPassword: 'Temp!2345' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([PASSWORD_CANNOT_BE_REUSED]);
  });

  it('refuses a password containing the account name', () => {
    const result = form.safeParse({ password: 'Invited!2024', confirmPassword: 'Invited!2024' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Password cannot contain your username']);
  });
});

describe('the live checklist', () => {
  const context = { username: 'nurse@demo.health', temporaryPassword: 'Temp!2345' };
  const unmet = (password: string, confirm: string) =>
    passwordChecklist(password, confirm, context)
      .filter((item) => !item.met)
      .map((item) => item.id);

  it('starts with every rule unmet', () => {
    expect(unmet('', '')).toEqual(['length', 'number', 'uppercase', 'lowercase', 'special', 'account-name', 'reuse', 'match']);
  });

  it('ticks rules off as the password grows', () => {
    expect(unmet('ward', '')).toEqual(['length', 'number', 'uppercase', 'special', 'match']);
    expect(unmet('Ward7!clean', 'Ward7!clean')).toEqual([]);
  });

  it('flags the account name, the temporary password and a mismatch', () => {
    expect(unmet('Nurse7!clean', 'Nurse7!clean')).toEqual(['account-name']);
    expect(unmet('Temp!2345', 'Temp!2345')).toEqual(['reuse']);
    expect(unmet('Ward7!clean', 'Ward7!clea')).toEqual(['match']);
  });

  it('has no reuse rule when no temporary password is replaced', () => {
    expect(passwordChecklist('x', 'x').map((i) => i.id)).not.toContain('reuse');
  });
});

describe('the set-password request', () => {
  it('normalizes the username and applies the same rules', () => {
    expect(setPasswordBodySchema.parse({ username: ' Nurse@Demo.Health ', password: 'Ward7!clean' })).toEqual({
      username: 'nurse@demo.health',
      password: 'Ward7!clean',
    });
    expect(firstMessage(setPasswordBodySchema.safeParse({ username: 'nurse@demo.health', password: 'short' }))).toBe(
      'Password must be at least 8 characters long',
    );
    expect(firstMessage(setPasswordBodySchema.safeParse({ username: 'nurse@demo.health', password: 'Nurse!2345' }))).toBe(
      'Password cannot contain your username',
    );
  });
});
