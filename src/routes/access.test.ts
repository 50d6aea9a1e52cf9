import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/fixtures';
import { guardAppEntry } from './access';
import { findAppRoute, type AppRouteEntry } from './route-table';

function entry(path: string): AppRouteEntry {
  const found = findAppRoute(path);
  if (!found) throw new Error(`no entry ${path}`);
  return found;
}

function redirectTarget(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    if (isRedirect(thrown)) return String(thrown.options.to);
    throw thrown;
  }
}

describe('route guard', () => {
  it('lets an allowed user through', () => {
    expect(redirectTarget(() => guardAppEntry(entry('/app/accounts/users'), makeSession('manager')))).toBeNull();
  });

  it('sends a user without the subject to the root', () => {
    expect(redirectTarget(() => guardAppEntry(entry('/app/maintenance/gateways'), makeSession('manager')))).toBe('/');
  });

  it('sends a user whose account type is not listed to the root', () => {
    expect(redirectTarget(() => guardAppEntry(entry('/app/accounts/users'), makeSession({ subjects: ['USERS_ACCOUNTS'], accountType: 'BASIC' })))).toBe('/');
  });

  it('opens Server Logs to the provider’s employees only: a LAVO administrator holding SERVER_LOGS goes to the root', () => {
    const logs = entry('/app/debug/server-logs-report');
    const holder = { subjects: ['SERVER_LOGS' as const], accountType: 'LAVO' as const };
    expect(redirectTarget(() => guardAppEntry(logs, makeSession(holder, { organizationId: 2, isEmployee: false })))).toBe('/');
    expect(redirectTarget(() => guardAppEntry(logs, makeSession(holder, { organizationId: 1, isEmployee: true })))).toBeNull();
  });

  it('follows the NFC redirect entry', () => {
    expect(redirectTarget(() => guardAppEntry(entry('/app/maintenance/nfc'), makeSession('tech')))).toBe('/app/accounts/nfc');
  });

  it('does not bounce on the landing page itself, even when it is not allowed', () => {
    expect(redirectTarget(() => guardAppEntry(entry('/app/reports/user-overview'), makeSession({ subjects: [], accountType: 'BASIC' })))).toBeNull();
  });
});
