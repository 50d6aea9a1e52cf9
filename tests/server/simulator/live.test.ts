import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLedger } from '../../../server/src/db/schema';
import { generateEvents } from '../../../server/src/simulator/generate';
import { deliver, runLive } from '../../../server/src/simulator/live';
import { loadWorld } from '../../../server/src/simulator/world';
import type { World } from '../../../server/src/simulator/world-index';
import { createTestApp, TEST_INGEST_SECRET } from '../helpers/app';
import { HOUR, T0 } from './world';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('live simulator', () => {
  let test: Awaited<ReturnType<typeof createTestApp>>;
  let world: World;
  let port: number;
  beforeAll(async () => {
    test = await createTestApp();
    world = await loadWorld(test.db);
    port = await freePort();
  });
  afterAll(() => test.close());

  it('sends every event through its gateway, and a replay only as duplicates', async () => {
    await test.app.listen({ host: '127.0.0.1', port });
    const events = generateEvents(world, { from: T0, to: T0 + 2 * HOUR });
    const lines: string[] = [];
    const first = await deliver(`http://127.0.0.1:${port}`, TEST_INGEST_SECRET, events, (l) => lines.push(l));
    expect(lines).toEqual([]);
    expect(first).toEqual({ accepted: events.length, duplicates: 0, refused: 0 });
    const replay = await deliver(`http://127.0.0.1:${port}`, TEST_INGEST_SECRET, events, (l) => lines.push(l));
    expect(replay).toEqual({ accepted: 0, duplicates: events.length, refused: 0 });
  });

  it('keeps the window while the server is unreachable and delivers it once it answers', async () => {
    const unreachable = await freePort();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lavo-sim-'));
    const statePath = path.join(dir, 'state.json');
    const controller = new AbortController();
    const start = Date.now() - 20 * 60_000;
    const lines: string[] = [];
    // First aimed at a port nobody listens on: every send fails and the window grows.
    const failing = runLive({ baseUrl: `http://127.0.0.1:${unreachable}`, secret: TEST_INGEST_SECRET, world, tickMs: 50, start, statePath, signal: controller.signal, log: (l) => lines.push(l) });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await failing;
    await expect(readFile(statePath, 'utf8')).rejects.toThrow();

    const resumed = new AbortController();
    const running = runLive({ baseUrl: `http://127.0.0.1:${port}`, secret: TEST_INGEST_SECRET, world, tickMs: 50, statePath, start, signal: resumed.signal, log: (l) => lines.push(l) });
    let state: { last: string } | undefined;
    for (let i = 0; i < 200 && !state; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = await readFile(statePath, 'utf8').then((s) => JSON.parse(s) as { last: string }, () => undefined);
    }
    resumed.abort();
    await running;
    expect(state).toBeDefined();

    const expected = generateEvents(world, { from: start, to: Date.parse(state?.last ?? '') }).map((e) => e.event.id);
    expect(expected.length).toBeGreaterThan(0);
    const stored = await test.db.select({ id: eventLedger.eventId }).from(eventLedger).where(inArray(eventLedger.eventId, expected));
    expect(stored.length).toBe(expected.length);
    expect(lines.filter((l) => l.includes('refused'))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });
});
