import { describe, expect, it } from 'vitest';
import { avoidsAccountName, passwordSchema } from '../../../server/src/contracts/password';
import { isResetCodeExpired, isTemporaryPasswordExpired } from '../../../server/src/identity/cognito-local/expiry';
import { createSignInAttempts } from '../../../server/src/identity/cognito-local/sign-in-attempts';
import { maskEmail } from '../../../server/src/identity/mask-destination';
import { generateTemporaryPassword } from '../../../server/src/identity/temporary-password';

describe('Cognito’s rules the local provider applies', () => {
  it('masks an email address as Cognito does', () => {
    expect(maskEmail('jane.doe@stmarys.example')).toBe('j***@s***.example');
    expect(maskEmail('a@demo.health')).toBe('a***@d***.health');
    expect(maskEmail('root@localhost')).toBe('r***@l***');
  });

  it('generates temporary passwords that meet the app’s rules and avoid the account name', () => {
    for (let i = 0; i < 200; i++) {
      const password = generateTemporaryPassword('abc@example.org');
      expect(password).toHaveLength(12);
      expect(passwordSchema.safeParse(password).success).toBe(true);
      expect(avoidsAccountName(password, 'abc@example.org')).toBe(true);
    }
  });

  it('expires a temporary password after the pool’s validity days (7 by default)', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const day = 86_400_000;
    expect(isTemporaryPasswordExpired(issued, undefined, issued.getTime() + 7 * day)).toBe(false);
    expect(isTemporaryPasswordExpired(issued, undefined, issued.getTime() + 7 * day + 1)).toBe(true);
    expect(isTemporaryPasswordExpired(issued.toISOString(), 1, issued.getTime() + day + 1)).toBe(true);
    expect(isTemporaryPasswordExpired(undefined, 1)).toBe(false);
  });

  it('takes a reset code for an hour, and never one that is not pending', () => {
    const issued = Date.parse('2026-01-01T00:00:00Z');
    expect(isResetCodeExpired(new Date(issued).toISOString(), issued + 3_600_000)).toBe(false);
    expect(isResetCodeExpired(new Date(issued).toISOString(), issued + 3_600_001)).toBe(true);
    expect(isResetCodeExpired(undefined)).toBe(true);
  });

  it('locks out after five wrong passwords, doubling the wait, and forgets on success', () => {
    let now = 0;
    const attempts = createSignInAttempts(() => now);
    for (let i = 0; i < 5; i++) {
      expect(attempts.isLocked('u')).toBe(false);
      attempts.fail('u');
    }
    expect(attempts.isLocked('u')).toBe(true);
    now += 1_001;
    expect(attempts.isLocked('u')).toBe(false);
    attempts.fail('u');
    now += 1_500;
    expect(attempts.isLocked('u')).toBe(true);
    now += 600;
    expect(attempts.isLocked('u')).toBe(false);
    attempts.succeed('u');
    attempts.fail('u');
    expect(attempts.isLocked('u')).toBe(false);
    expect(attempts.isLocked('someone else')).toBe(false);
  });

  it('starts counting afresh after fifteen quiet minutes', () => {
    let now = 0;
    const attempts = createSignInAttempts(() => now);
    for (let i = 0; i < 5; i++) attempts.fail('u');
    now += 15 * 60_000 + 1;
    attempts.fail('u');
    expect(attempts.isLocked('u')).toBe(false);
  });
});
