import type { Database } from '../../db/client';

/** What a group writer does with its items, inside the one transaction of a group. */
export interface GroupWork<I, R> {
  /** The item's weight against `maxWeight` (events of a batch). */
  weight(item: I): number;
  /** Writes one item; an error fails this item alone (its changes are rolled back). */
  store(tx: Database, item: I): Promise<R>;
  /** Runs once per group after every item is stored, before the commit; an error fails the group. */
  finish(tx: Database, results: readonly R[]): Promise<void>;
}

interface Waiting<I, R> {
  item: I;
  resolve(value: R): void;
  reject(reason: unknown): void;
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Writes items one group at a time, each group in one transaction: the items that arrived while
 * the previous group was being written (up to `maxWeight`, at least one) are stored one by one,
 * then `finish` runs once for all of them, then the transaction commits and every caller gets its
 * answer. A caller is answered only after its item and the group's `finish` are committed.
 *
 * An item that fails is rolled back alone (a savepoint each when the group has several); when
 * `finish` or the commit fails, the group's items are written again one group each, so one bad
 * item never fails another. Groups never overlap, so `finish` of one group sees every earlier
 * group committed.
 */
export class GroupWriter<I, R> {
  private readonly queue: Waiting<I, R>[] = [];
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly work: GroupWork<I, R>,
    private readonly maxWeight: number,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) await this.write(this.take());
    } finally {
      this.running = false;
    }
  }

  /** The next group: queued items in order while their weight stays within the bound. */
  private take(): Waiting<I, R>[] {
    const group = [this.queue.shift() as Waiting<I, R>];
    let weight = this.work.weight(group[0]!.item);
    while (this.queue.length > 0) {
      const next = this.work.weight(this.queue[0]!.item);
      if (weight + next > this.maxWeight) break;
      weight += next;
      group.push(this.queue.shift() as Waiting<I, R>);
    }
    return group;
  }

  private async write(group: Waiting<I, R>[]): Promise<void> {
    let outcomes: Outcome<R>[];
    try {
      outcomes = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        if (group.length === 1) {
          const value = await this.work.store(db, group[0]!.item);
          await this.work.finish(db, [value]);
          return [{ ok: true, value }];
        }
        const results: Outcome<R>[] = [];
        for (const waiting of group) {
          try {
            const value = await tx.transaction((savepoint) => this.work.store(savepoint as unknown as Database, waiting.item));
            results.push({ ok: true, value });
          } catch (error) {
            results.push({ ok: false, error });
          }
        }
        await this.work.finish(db, results.flatMap((r) => (r.ok ? [r.value] : [])));
        return results;
      });
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else for (const waiting of group) await this.write([waiting]);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) group[i]!.resolve(outcome.value);
      else group[i]!.reject(outcome.error);
    });
  }
}
