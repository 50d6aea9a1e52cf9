import { z } from 'zod';
import { isPrintableText } from './fields';

/** The special characters a password must use one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';

export const PASSWORDS_MUST_MATCH = 'Passwords must match';
export const PASSWORD_CANNOT_BE_REUSED = 'Password cannot be reused';

export interface PasswordRule {
  id: 'length' | 'number' | 'uppercase' | 'lowercase' | 'special';
  /** The checklist line. */
  label: string;
  /** The message when the rule fails. */
  message: string;
  test: (trimmed: string) => boolean;
}

/** The strength rules, each checked on the trimmed value. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    test: (p) => p.length >= 8,
  },
  { id: 'number', label: 'At least one number', message: 'Password must contain a number', test: (p) => /\d/.test(p) },
  {
    id: 'uppercase',
    label: 'At least one uppercase letter',
    message: 'Password must contain an uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'At least one lowercase letter',
    message: 'Password must contain a lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'special',
    label: `At least one special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    message: `Password must contain one of ${PASSWORD_SPECIAL_CHARACTERS}`,
    test: (p) => [...PASSWORD_SPECIAL_CHARACTERS].some((c) => p.includes(c)),
  },
];

export const ACCOUNT_NAME_RULE_LABEL = 'Does not contain your username';
export const ACCOUNT_NAME_RULE_MESSAGE = 'Password cannot contain your username';
export const PASSWORDS_MATCH_LABEL = 'Passwords match';

/**
 * The parts of a sign-in name a password must not contain: the whole name and, for an email,
 * the part before '@' (names shorter than 3 characters are too short to be meaningful).
 */
export function accountNameParts(username: string): string[] {
  const name = username.trim().toLowerCase();
  const local = name.split('@')[0] ?? '';
  return [...new Set([name, local])].filter((part) => part.length >= 3);
}

/** True when the trimmed password contains none of the account name's parts (case-insensitive). */
export function avoidsAccountName(password: string, username: string | undefined): boolean {
  if (!username) return true;
  const lowered = password.trim().toLowerCase();
  return !accountNameParts(username).some((part) => lowered.includes(part));
}

/** The identity provider's longest password. */
export const PASSWORD_MAX_LENGTH = 256;

/** A new password: trimmed, then every strength rule. The first failing rule is the message. */
export const passwordSchema = z
  .string()
  .trim()
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(isPrintableText, 'Password may contain printable characters only')
  .superRefine((password, ctx) => {
    const failed = PASSWORD_RULES.find((rule) => !rule.test(password));
    if (failed) ctx.addIssue({ code: 'custom', message: failed.message, params: { rule: failed.id } });
  });

export interface NewPasswordContext {
  /** The account's sign-in name: the password may not contain it. */
  username?: string;
  /** The temporary password being replaced: the new one may not equal it. */
  temporaryPassword?: string;
}

/** The form every "choose a password" screen uses: password and its confirmation, with every strength rule. */
export function newPasswordFormSchema({ username, temporaryPassword }: NewPasswordContext = {}) {
  return z
    .object({ password: passwordSchema, confirmPassword: z.string().trim() })
    .superRefine(({ password, confirmPassword }, ctx) => {
      if (!avoidsAccountName(password, username)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_NAME_RULE_MESSAGE });
      }
      if (temporaryPassword !== undefined && password === temporaryPassword.trim()) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_CANNOT_BE_REUSED });
      }
      if (!password || password !== confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_MUST_MATCH });
      }
    });
}
export type NewPasswordInput = z.input<ReturnType<typeof newPasswordFormSchema>>;
export type NewPasswordValues = z.output<ReturnType<typeof newPasswordFormSchema>>;

export interface ChecklistItem {
  id: PasswordRule['id'] | 'account-name' | 'match' | 'reuse';
  label: string;
  met: boolean;
}

/** The live checklist: every strength rule, the account-name rule, reuse (when replacing a temporary password) and match. */
export function passwordChecklist(
  password: string,
  confirmPassword: string,
  { username, temporaryPassword }: NewPasswordContext = {},
): ChecklistItem[] {
  const trimmed = password.trim();
  const items: ChecklistItem[] = PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(trimmed) }));
  items.push({ id: 'account-name', label: ACCOUNT_NAME_RULE_LABEL, met: trimmed.length > 0 && avoidsAccountName(trimmed, username) });
  if (temporaryPassword !== undefined) {
    items.push({
      id: 'reuse',
      label: 'Differs from your temporary password',
      met: trimmed.length > 0 && trimmed !== temporaryPassword.trim(),
    });
  }
  items.push({ id: 'match', label: PASSWORDS_MATCH_LABEL, met: trimmed.length > 0 && trimmed === confirmPassword.trim() });
  return items;
}
