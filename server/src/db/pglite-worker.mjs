// @ts-check
// The worker thread that owns PGlite: PostgreSQL's WebAssembly runs here, so a long statement
// blocks this thread and never the API's event loop. pglite-thread.ts decides what is sent when;
// the messages are typed in pglite-protocol.ts.
//
// Plain JavaScript on purpose: Node does not load TypeScript in a worker even under tsx (the
// entry is resolved before the worker's loader hooks apply), and loading tsx's API in every
// worker added about two seconds to each open and to each restart after a stopped statement.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, messages } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
/** @type {import('./pglite-protocol').WorkerStart} */
const start = workerData;

/** @param {string} value */
const keepText = (value) => value;

/**
 * The cloneable form of a thrown value: its message, and for the database's own errors every
 * field PostgreSQL reported (SQLSTATE, severity, constraint, …).
 * @param {unknown} error
 * @returns {import('./pglite-protocol').SerializedError}
 */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  if (!(error instanceof messages.DatabaseError)) return { message: error.message, stack: error.stack };
  const fields = Object.fromEntries(Object.entries(error).filter(([key, value]) => typeof value === 'string' && key !== 'name'));
  return { message: error.message, stack: error.stack, fields };
}

/** @param {import('@electric-sql/pglite').Results & { command?: string }} result */
const answerOf = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows, command: result.command });

/**
 * @param {PGlite} pg
 * @param {import('./pglite-protocol').WorkerRequest} request
 */
async function handle(pg, request) {
  switch (request.op) {
    case 'query': {
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, keepText]));
      return answerOf(await pg.query(request.sql, request.params, { rowMode: request.rowMode, paramTypes: request.paramTypes, parsers }));
    }
    case 'exec':
      return (await pg.exec(request.sql)).map(answerOf);
    case 'dump': {
      const archive = await pg.dumpDataDir('none');
      return new Uint8Array(await archive.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return null;
  }
}

// On Linux a thread has its own nice value, set through its thread id (/proc/thread-self names it).
if (start.niceness) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), start.niceness);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}

/** @type {PGlite} */
let pg;
try {
  pg = new PGlite({
    dataDir: start.dataDir,
    loadDataDir: start.loadDataDir ? new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (start.loadDataDir)]) : undefined,
    pgliteWasmModule: start.wasmModule,
  });
  await pg.waitReady;
} catch (error) {
  port.postMessage({ op: 'failed', error: serializeError(error) });
  throw error;
}

port.on('message', (/** @type {import('./pglite-protocol').WorkerRequest} */ request) => {
  handle(pg, request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value }, value instanceof Uint8Array ? [value.buffer] : []),
    (error) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) }),
  );
});
port.postMessage({ op: 'ready' });
