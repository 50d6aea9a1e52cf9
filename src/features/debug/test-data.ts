import type { ServerLogEntry } from '@contracts/server-log';

let next = 1;

/** A log entry for tests: a console GET in prod unless told otherwise. */
export function logEntry(over: Partial<ServerLogEntry> = {}): ServerLogEntry {
  const n = next++;
  return {
    id: `t-${n}`,
    at: new Date(Date.UTC(2026, 10, 26, 12, 0, n % 60)).toISOString(),
    durationMs: 12,
    env: 'prod',
    ua: 'Mozilla/5.0',
    method: 'GET',
    path: `/api/reports/${n}`,
    query: null,
    body: null,
    status: 200,
    error: null,
    type: null,
    headers: { authorization: '[redacted]', 'user-agent': 'Mozilla/5.0' },
    source: 'Browsers',
    events: [],
    groupIds: [],
    userId: 1,
    ...over,
  };
}
