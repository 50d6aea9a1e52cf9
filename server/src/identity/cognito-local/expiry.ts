/** The time limits of Amazon Cognito that cognito-local 5.3 does not enforce. Pure, so they are unit-tested. */

const DAY_MS = 86_400_000;

/** A forgot-password code is valid for one hour. */
export const RESET_CODE_VALIDITY_MS = 3_600_000;

/** A user pool's default for Policies.PasswordPolicy.TemporaryPasswordValidityDays. */
export const DEFAULT_TEMPORARY_PASSWORD_VALIDITY_DAYS = 7;

/** True when a temporary password issued at `issuedAt` is past the pool's validity. */
export function isTemporaryPasswordExpired(
  issuedAt: Date | string | undefined,
  validityDays: number | undefined,
  now = Date.now(),
): boolean {
  if (issuedAt === undefined) return false;
  const days = validityDays ?? DEFAULT_TEMPORARY_PASSWORD_VALIDITY_DAYS;
  return now - new Date(issuedAt).getTime() > days * DAY_MS;
}

/** True when there is no pending reset code, or it is older than an hour. */
export function isResetCodeExpired(issuedAt: string | undefined, now = Date.now()): boolean {
  if (!issuedAt) return true;
  const issued = Date.parse(issuedAt);
  return Number.isNaN(issued) || now - issued > RESET_CODE_VALIDITY_MS;
}
