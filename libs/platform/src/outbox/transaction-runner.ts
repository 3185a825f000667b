import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnySchema, Db, Tx } from '../db/database.js';

/** Transactions that wrote outbox rows (`Outbox.add` notes them): only their commits wake the relay. */
const withEvents = new WeakSet<object>();

/** Notes that `tx` wrote outbox rows, so its commit tells the listeners there are events to publish. */
export function noteOutboxWrite(tx: object): void {
  withEvents.add(tx);
}

/** What else transactions wrote that a listener waits for (`TransactionRunner.mark`). */
const marked = new WeakMap<object, Set<string>>();
const NO_MARKS: ReadonlySet<string> = new Set();

/** What a commit tells its listeners. */
export interface CommitInfo {
  /** The transaction wrote outbox rows (a one-statement write through `statement` always counts as one). */
  events: boolean;
  /** What the transaction was marked with (`mark`): rows of a service's own that a listener queues after the commit. */
  marks: ReadonlySet<string>;
}

/**
 * Owns the transactions of one service. A command handler calls `run`; code running inside an
 * ambient transaction (an event consumer wrapped by the inbox) joins it instead of opening another,
 * so the consumer's change and its inbox row commit together.
 * After a commit that wrote outbox rows the relay is woken so events leave at once (the relay's poll is the safety
 * net); a commit without events (a cart line, an idempotency record) does not send the relay to look for none.
 */
export class TransactionRunner<TSchema extends AnySchema = AnySchema> {
  private readonly ambient = new AsyncLocalStorage<Tx<TSchema>>();
  private readonly afterCommit = new Set<(info: CommitInfo) => void>();

  constructor(readonly db: Db<TSchema>) {}

  async run<T>(fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    const current = this.ambient.getStore();
    if (current) return fn(current);
    let events = false;
    let marks = NO_MARKS;
    const result = await this.db.transaction(async (tx) => {
      const value = await this.ambient.run(tx, () => fn(tx));
      events = withEvents.has(tx);
      marks = marked.get(tx) ?? NO_MARKS;
      return value;
    });
    this.committed({ events, marks });
    return result;
  }

  /**
   * One statement that is its own transaction (a data-modifying CTE writing a change and its outbox rows together):
   * no BEGIN/COMMIT round trips. Inside an ambient transaction it joins it. The relay is woken after it, as after `run`
   * with events, unless the caller says it writes none (`events: false`); `marks` tell the listeners what else it
   * wrote, as `mark` does for a transaction.
   */
  async statement<T>(
    fn: (db: Db<TSchema> | Tx<TSchema>) => Promise<T>,
    options: { events?: boolean; marks?: readonly string[] } = {},
  ): Promise<T> {
    const current = this.ambient.getStore();
    if (current) {
      const result = await fn(current);
      if (options.events !== false) noteOutboxWrite(current);
      for (const what of options.marks ?? []) this.mark(current, what);
      return result;
    }
    const result = await fn(this.db);
    this.committed({ events: options.events !== false, marks: options.marks?.length ? new Set(options.marks) : NO_MARKS });
    return result;
  }

  /**
   * Marks `tx` as having written `what` (a delivery row, say), so its commit tells the listeners: a listener that
   * queues such rows after their commit looks only when there are some, not after every commit of the service.
   */
  mark(tx: object, what: string): void {
    const marks = marked.get(tx);
    if (marks) marks.add(what);
    else marked.set(tx, new Set([what]));
  }

  /** The transaction this call runs inside, if any. */
  current(): Tx<TSchema> | undefined {
    return this.ambient.getStore();
  }

  /** Called after every commit of `run` and `statement`, with whether it wrote outbox rows and what it was marked with. */
  onCommit(listener: (info: CommitInfo) => void): () => void {
    this.afterCommit.add(listener);
    return () => this.afterCommit.delete(listener);
  }

  private committed(info: CommitInfo): void {
    for (const listener of this.afterCommit) listener(info);
  }
}
