import type { ServerLogEntry } from '@contracts/server-log';
import { describe, expect, it } from 'vitest';
import { type LogFilters, matchesLogFilters } from './log-filters';
import { logEntry } from './test-data';

const all: LogFilters = { env: 'prod', sources: [], events: [], groupIds: null, search: '' };
const ids = (entries: ServerLogEntry[], filters: Partial<LogFilters>) => entries.filter((e) => matchesLogFilters(e, { ...all, ...filters })).map((e) => e.id);

describe('the server log filters', () => {
  const entries = [
    logEntry({ id: 'console', source: 'Browsers', path: '/api/bootstrap', ua: 'Mozilla/5.0 (iPad)', groupIds: [6] }),
    logEntry({ id: 'ingest', source: 'Gateway', method: 'POST', path: '/api/ingest/events', events: ['Location', 'Heart Bits'], groupIds: [7], body: '{"events":[{"type":"presence"}]}' }),
    logEntry({ id: 'checkout', source: 'Gateway', method: 'POST', path: '/api/ingest/events', events: ['Check In / Out'], groupIds: [8] }),
    logEntry({ id: 'sns', source: 'AWS', path: '/api/hooks' }),
    logEntry({ id: 'dev', env: 'dev' }),
  ];

  it('shows one environment, prod by default', () => {
    expect(ids(entries, {})).toEqual(['console', 'ingest', 'checkout', 'sns']);
    expect(ids(entries, { env: 'dev' })).toEqual(['dev']);
    expect(ids(entries, { env: 'test' })).toEqual([]);
  });

  it('shows the chosen sources, every source when none is chosen', () => {
    expect(ids(entries, { sources: ['Gateway'] })).toEqual(['ingest', 'checkout']);
    expect(ids(entries, { sources: ['AWS', 'Browsers'] })).toEqual(['console', 'sns']);
  });

  it('shows only batches holding one of the chosen events', () => {
    expect(ids(entries, { events: ['Heart Bits'] })).toEqual(['ingest']);
    expect(ids(entries, { events: ['Check In / Out', 'Location'] })).toEqual(['ingest', 'checkout']);
    expect(ids(entries, { events: ['Dispense Events'] })).toEqual([]);
  });

  it('shows the requests naming the chosen locations', () => {
    expect(ids(entries, { groupIds: new Set([6, 8]) })).toEqual(['console', 'checkout']);
  });

  it('searches the path, the user agent and the body, in any case', () => {
    expect(ids(entries, { search: 'INGEST' })).toEqual(['ingest', 'checkout']);
    expect(ids(entries, { search: 'ipad' })).toEqual(['console']);
    expect(ids(entries, { search: 'presence' })).toEqual(['ingest']);
    expect(ids(entries, { search: '  ' })).toEqual(['console', 'ingest', 'checkout', 'sns']);
  });
});
