import { Alert } from '@mantine/core';
import { refusalOnThisTab, sessionExpiredOnThisTab } from '@/lib/auth';
import { SESSION_EXPIRED } from '../auth-errors';
import { useNotice } from '../notice';

/** Shows the message the previous screen left for this one (an expired link, a lockout, an ended session). */
export function AuthNotice() {
  const notice = useNotice() ?? refusalOnThisTab() ?? (sessionExpiredOnThisTab() ? SESSION_EXPIRED : undefined);
  if (!notice) return null;
  return (
    <Alert color="yellow" variant="light" role="status">
      {notice}
    </Alert>
  );
}
