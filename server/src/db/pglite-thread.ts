import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  deserializeError,
  statementTimeoutError,
  type ExecAnswer,
  type QueryAnswer,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-protocol';

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;
type Answer = QueryAnswer | ExecAnswer | Uint8Array | null;

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);

let compiledPglite: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to every worker: a worker that
 * compiles its own spends about half a second of CPU before PGlite opens, at every open and at
 * every reopen after a stopped statement. Undefined if it cannot be read, and each worker then
 * compiles it as PGlite does by itself.
 */
function pgliteModule(): Promise<WebAssembly.Module | undefined> {
  compiledPglite ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })().catch(() => undefined);
  return compiledPglite;
}

/** Runs `run` after every earlier call has settled: one at a time, in the order asked. */
class FifoLock {
  #tail: Promise<unknown> = Promise.resolve();
  run<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(run);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** How a thread opens: what its worker opens, and what a statement stopped at its limit leaves. */
export interface ThreadOptions {
  /**
   * 'reopen' (the default): a new worker opens the same data directory. 'end': the thread is
   * closed with its worker, for a scratch database that lives only as long as one task (a data
   * export's, ARCHITECTURE.md 'Data exports'); every later statement fails.
   */
  atLimit?: 'reopen' | 'end';
}

/**
 * PGlite in a worker thread, seen from the API process. Statements go to the worker one at a
 * time (`exclusive` holds the database for a transaction). A statement given a limit that runs
 * past it is stopped the only way WebAssembly can be stopped: the worker is terminated and a new
 * one opens the same data directory, where PostgreSQL's crash recovery brings back every
 * committed change; statements waiting their turn then go to the new worker. A thread opened
 * with `atLimit: 'end'` is closed instead.
 */
export class PgliteThread {
  readonly #start: WorkerStart;
  readonly #atLimit: 'reopen' | 'end';
  readonly #lock = new FifoLock();
  readonly #pending = new Map<number, { resolve: (value: Answer) => void; reject: (error: Error) => void }>();
  /** Workers being ended on purpose, whose exit is no surprise. */
  readonly #retired = new WeakSet<Worker>();
  #worker!: Worker;
  #ready!: Promise<void>;
  #nextId = 0;
  #generation = 0;
  #closed = false;

  private constructor(start: WorkerStart, options: ThreadOptions) {
    this.#start = start;
    // A database in memory cannot be opened again: it ends with its worker.
    this.#atLimit = start.dataDir === undefined ? 'end' : (options.atLimit ?? 'reopen');
  }

  /** Starts the worker and waits until PGlite is open in it. */
  static async open(start: WorkerStart, options: ThreadOptions = {}): Promise<PgliteThread> {
    const thread = new PgliteThread({ ...start, wasmModule: start.wasmModule ?? (await pgliteModule()) }, options);
    thread.#spawn(thread.#start);
    await thread.#ready.catch(async (error: unknown) => {
      await thread.#end();
      throw error;
    });
    return thread;
  }

  /** Increases each time the worker is replaced: a transaction begun in an earlier one is gone. */
  get generation(): number {
    return this.#generation;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Runs `run` with the database to itself: nothing else is sent until it settles. */
  exclusive<T>(run: () => Promise<T>): Promise<T> {
    return this.#lock.run(run);
  }

  /** Sends one request (call inside `exclusive`); with `limitMs`, the statement is stopped after that long. */
  async send(request: Request, limitMs?: number): Promise<Answer> {
    if (this.#closed) throw new Error('The database is closed');
    await this.#ready.catch(() => this.#replace());
    if (this.#closed) throw new Error('The database is closed');
    const id = ++this.#nextId;
    const answer = new Promise<Answer>((resolve, reject) => this.#pending.set(id, { resolve, reject })).finally(() => this.#unrefWhenIdle());
    this.#worker.ref();
    this.#worker.postMessage({ ...request, id } as WorkerRequest);
    if (limitMs === undefined) return answer;
    const timer = setTimeout(() => {
      const call = this.#pending.get(id);
      if (!call) return;
      this.#pending.delete(id);
      call.reject(statementTimeoutError(limitMs));
      void this.#replace().catch(() => undefined);
    }, limitMs);
    return answer.finally(() => clearTimeout(timer));
  }

  /** Closes PGlite cleanly once the statements already asked for are done, then ends the worker. */
  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const closing = this.exclusive(async () => {
      await this.send({ op: 'close' }).catch(() => undefined);
      this.#closed = true;
      this.#retired.add(this.#worker);
      await this.#worker.terminate();
    });
    return closing;
  }

  /** Closes the thread at once, ending its worker whatever it runs: what was asked for fails. For a scratch database, which keeps nothing. */
  end(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#end();
  }

  #end(): Promise<void> {
    this.#closed = true;
    this.#generation++;
    this.#retired.add(this.#worker);
    this.#failPending(new Error('The database was closed'));
    return this.#worker.terminate().then(() => undefined);
  }

  #spawn(start: WorkerStart): void {
    const worker = new Worker(WORKER, { workerData: start });
    this.#worker = worker;
    this.#ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if ('op' in reply) {
          if (reply.op === 'ready') {
            resolve();
            this.#unrefWhenIdle();
          }
          else reject(deserializeError(reply.error));
          return;
        }
        const call = this.#pending.get(reply.id);
        if (!call) return;
        this.#pending.delete(reply.id);
        if (reply.ok) call.resolve(reply.value);
        else call.reject(deserializeError(reply.error));
      });
      worker.on('error', (error) => reject(error));
      worker.on('exit', () => {
        reject(new Error('The database thread stopped while opening'));
        if (worker !== this.#worker || this.#closed || this.#retired.has(worker)) return;
        // Stopped on its own (out of memory, a fault in PostgreSQL): what it was running fails
        // and the next statement opens the directory again.
        this.#failPending(new Error('The database thread stopped'));
        this.#generation++;
        this.#ready = Promise.reject(new Error('The database thread stopped'));
        this.#ready.catch(() => undefined);
      });
    });
    this.#ready.catch(() => undefined);
  }

  /** Ends the current worker and opens the data directory in a new one (its archive is already unpacked). */
  #replace(): Promise<void> {
    if (this.#atLimit === 'end') return this.#end();
    const old = this.#worker;
    this.#retired.add(old);
    old.ref();
    this.#generation++;
    this.#failPending(new Error('The database thread was restarted'));
    const { dataDir } = this.#start;
    this.#ready = old.terminate().then(() => {
      this.#spawn({ dataDir });
      return this.#ready;
    });
    return this.#ready;
  }

  // An idle worker does not keep the process alive, as an idle PGlite did not: a script that
  // ends without closing its handle still exits. A statement under way holds it.
  // A worker being replaced stays referenced until its successor exists, so a script waiting on
  // a statement queued behind the restart is not left with nothing keeping it alive.
  #unrefWhenIdle(): void {
    if (this.#pending.size === 0 && !this.#retired.has(this.#worker)) this.#worker.unref();
  }

  #failPending(error: Error): void {
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }
}
