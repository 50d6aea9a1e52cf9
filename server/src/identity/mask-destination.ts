/**
 * Masks an email address as Amazon Cognito masks CodeDeliveryDetails.Destination: the first
 * character of the local part and of the domain, the rest hidden, the top-level domain kept
 * ('jane.doe@example.com' → 'j***@e***.com'). Anything without an '@' keeps its first character.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return `${email.charAt(0)}***`;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const topLevel = dot > 0 ? domain.slice(dot) : '';
  return `${email.charAt(0)}***@${domain.charAt(0)}***${topLevel}`;
}
