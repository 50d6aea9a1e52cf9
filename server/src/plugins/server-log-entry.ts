import type { IncomingHttpHeaders } from 'node:http';
import type { IngestEventType } from '../contracts/ingest';
import {
  LOG_BODY_CHARS,
  LOG_QUERY_CHARS,
  REDACTED,
  type LogEnvironment,
  type LogEvent,
  type RequestSource,
  type ServerLogEntry,
} from '../contracts/server-log';
import { cut, logText } from './log-text';

/**
 * Headers the log shows as sent; every other header is listed with its value REDACTED
 * (Authorization, Cookie, gateway tokens, and any header added later until it is judged safe).
 */
export const SHOWN_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'host',
  'idempotency-key',
  'origin',
  'pragma',
  'referer',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'user-agent',
  'version',
  'x-amz-sns-message-type',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-gateway-mac',
  'x-request-id',
]);

const HEADER_CHARS = 256;
const MAX_HEADERS = 40;
const PATH_CHARS = 512;
const ERROR_CHARS = 1024;
const MAX_GROUP_IDS = 20;

/** The Server Logs event kind of each ingest event type. */
export const EVENT_OF_INGEST_TYPE: Record<IngestEventType, LogEvent> = {
  presence: 'Location',
  bed: 'Location',
  reminder: 'Location',
  station: 'Check In / Out',
  dispense: 'Dispense Events',
  wash: 'Dispense Events',
  heartbeat: 'Heart Bits',
  counters: 'Heart Bits',
};

/** The headers as the log shows them: allow-listed ones as sent (cut), the rest redacted. */
export function logHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const shown: Record<string, string> = {};
  let count = 0;
  for (const name in headers) {
    if (count++ >= MAX_HEADERS) break;
    const value = headers[name];
    if (value === undefined) continue;
    if (!SHOWN_HEADERS.has(name)) {
      shown[name] = REDACTED;
      continue;
    }
    const text = Array.isArray(value) ? value.join(', ') : value;
    // A referring page's query may carry anything: only its path is shown.
    shown[name] = cut(name === 'referer' ? text.split('?')[0]! : text, HEADER_CHARS);
  }
  return shown;
}

/**
 * Where a request came from: a gateway route (or a caller naming its gateway MAC) is a gateway;
 * one signed with AWS Signature V4 or delivered by SNS is AWS; anything else a browser.
 */
export function sourceOf(headers: IncomingHttpHeaders, gatewayRoute: boolean): RequestSource {
  if (gatewayRoute || headers['x-gateway-mac'] !== undefined) return 'Gateway';
  if (/^AWS4-HMAC-SHA256\b/.test(headers.authorization ?? '') || headers['x-amz-sns-message-type'] !== undefined) return 'AWS';
  return 'Browsers';
}

/** The event kinds of an ingest batch body, in LOG_EVENTS order. */
export function eventsOf(body: unknown): LogEvent[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return [];
  const found = new Set<LogEvent>();
  for (const event of events) {
    const kind = EVENT_OF_INGEST_TYPE[(event as { type?: unknown } | null)?.type as IngestEventType];
    if (kind) found.add(kind);
    if (found.size === 4) break;
  }
  return (['Location', 'Check In / Out', 'Dispense Events', 'Heart Bits'] as const).filter((kind) => found.has(kind));
}

function idsIn(value: unknown, into: Set<number>): void {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  for (const part of parts) {
    if (into.size >= MAX_GROUP_IDS) return;
    const id = typeof part === 'number' ? part : typeof part === 'string' && /^\d{1,10}$/.test(part.trim()) ? Number(part) : NaN;
    if (Number.isSafeInteger(id) && id > 0) into.add(id);
  }
}

/** The locations a request names in its query (groupId, groupIds), and the calling gateway's location. */
export function groupIdsOf(query: unknown, gatewayGroupId: number | null | undefined): number[] {
  const ids = new Set<number>();
  if (gatewayGroupId) ids.add(gatewayGroupId);
  if (query && typeof query === 'object') {
    const q = query as Record<string, unknown>;
    idsIn(q.groupId, ids);
    idsIn(q.groupIds, ids);
  }
  return [...ids];
}

/** What the log needs of an answered request. */
export interface AnsweredRequest {
  id: string;
  env: LogEnvironment;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  query: unknown;
  body: unknown;
  status: number;
  durationMs: number;
  /** When the answer was sent (ms since the epoch). */
  answeredAt: number;
  error: string | null;
  gatewayRoute: boolean;
  ingest: boolean;
  gatewayGroupId: number | null;
  userId: number | null;
}

/** The log entry of an answered request: secrets redacted, every part bounded. */
export function buildEntry(r: AnsweredRequest): ServerLogEntry {
  const ua = r.headers['user-agent'];
  const type = r.headers['content-type'];
  return {
    id: r.id,
    at: new Date(Math.round(r.answeredAt - r.durationMs)).toISOString(),
    durationMs: Math.round(r.durationMs * 10) / 10,
    env: r.env,
    ua: ua ? cut(ua, HEADER_CHARS) : null,
    method: r.method,
    path: cut(r.url.split('?')[0] ?? '', PATH_CHARS),
    query: logText(r.query, LOG_QUERY_CHARS),
    body: logText(r.body, LOG_BODY_CHARS),
    status: r.status,
    error: r.status >= 400 && r.error ? cut(r.error, ERROR_CHARS) : null,
    type: type ? cut(type, HEADER_CHARS) : null,
    headers: logHeaders(r.headers),
    source: sourceOf(r.headers, r.gatewayRoute),
    events: r.ingest ? eventsOf(r.body) : [],
    groupIds: groupIdsOf(r.query, r.gatewayGroupId),
    userId: r.userId,
  };
}
