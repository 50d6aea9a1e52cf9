import { randomUUID } from 'node:crypto';
import type { OperableDevice, QueuedOperation } from '../../server/src/contracts/operations';

/** GET /api/devices/dispensers?groupId=: the location's dispensers as the operations page lists them. */
export async function listDispensers(baseUrl: string, token: string, groupId: number): Promise<OperableDevice[]> {
  const response = await fetch(`${baseUrl}/api/devices/dispensers?groupId=${groupId}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`GET /devices/dispensers: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as OperableDevice[];
}

/** One timed call: how long, and what it answered. */
export interface CallResult<T> {
  ms: number;
  status: number;
  body: T | null;
  error: string | null;
}

async function post<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<CallResult<T>> {
  const start = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - start;
    if (!response.ok) return { ms, status: response.status, body: null, error: `POST ${path}: HTTP ${response.status} ${text.slice(0, 300)}` };
    return { ms, status: response.status, body: JSON.parse(text) as T, error: null };
  } catch (error) {
    return { ms: performance.now() - start, status: 0, body: null, error: `POST ${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** One device's item, as the page's outbox sends it: its settings, then its operations. */
export interface QueuedItem {
  deviceId: number;
  settings: CallResult<{ updated: number }>;
  operations: CallResult<{ operations: QueuedOperation[] }> | null;
}

export interface QueueRun {
  items: QueuedItem[];
  /** performance.now() at the first call's start. */
  startedAt: number;
  /** From the first call's start to the last call's answer. */
  ms: number;
}

/**
 * Queues, for each device, a settings change and a firmware update the way the operations pages'
 * outbox sends an item (src/entities/device-operations/outbox-handlers.ts `sendQueue`):
 * `POST /settings` with the value, then `POST /operations` with a SETTING and a DFU, each with an
 * Idempotency-Key of its own; `concurrency` items at a time (the outbox's REPLAY_CONCURRENCY).
 */
export async function queueAll(
  baseUrl: string,
  token: string,
  options: { deviceIds: readonly number[]; groupId: number; setting: { label: string; desired: number }; description: string; concurrency: number },
): Promise<QueueRun> {
  const { deviceIds, groupId, setting, description, concurrency } = options;
  const items: QueuedItem[] = new Array<QueuedItem>(deviceIds.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < deviceIds.length; i = next++) {
      const deviceId = deviceIds[i] as number;
      const settings = await post<{ updated: number }>(baseUrl, token, '/settings', [{ deviceId, settings: [setting] }]);
      const operations = settings.error
        ? null
        : await post<{ operations: QueuedOperation[] }>(baseUrl, token, '/operations', {
            description,
            operations: [
              { type: 'SETTING', deviceId, groupId },
              { type: 'DFU', deviceId, groupId },
            ],
          });
      items[i] = { deviceId, settings, operations };
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { items, startedAt, ms: performance.now() - startedAt };
}
