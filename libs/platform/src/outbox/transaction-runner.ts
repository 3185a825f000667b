import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnySchema, Db, Tx } from '../db/database.js';

/** Transactions that wrote outbox rows (`Outbox.add` notes them): only their commits wake the relay. */
const withEvents = new WeakSet<object>();

/** Notes that `tx` wrote outbox rows, so its commit tells the listeners there are events to publish. */
export function noteOutboxWrite(tx: object): void {
  withEvents.add(tx);
}

/**
 * Transactions whose function has returned (or thrown): they are committing, rolling back or over. Work started inside
 * one that outlives it (a `setImmediate`, a timer, a promise not awaited) still sees it in the AsyncLocalStorage
 * store; it must open its own transaction instead of joining this one (on PostgreSQL its client is back in the pool
 * serving someone else; on PGlite's one connection the statement fails or waits).
 */
const finished = new WeakSet<object>();

/** Work to run once a transaction has committed (`TransactionRunner.afterCommit`). */
const afterCommitOf = new WeakMap<object, Array<() => unknown>>();

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
 * so the consumer's change and its inbox row commit together. Only while that transaction's function runs: work it
 * started that runs later (setImmediate, a timer) opens its own.
 * After a commit that wrote outbox rows the relay is woken so events leave at once (the relay's poll is the safety
 * net); a commit without events (a cart line, an idempotency record) does not send the relay to look for none.
 */
export class TransactionRunner<TSchema extends AnySchema = AnySchema> {
  private readonly ambient = new AsyncLocalStorage<Tx<TSchema>>();
  private readonly commitListeners = new Set<(info: CommitInfo) => void>();

  constructor(readonly db: Db<TSchema>) {}

  async run<T>(fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    const current = this.current();
    if (current) return fn(current);
    let events = false;
    let marks = NO_MARKS;
    let after: Array<() => unknown> | undefined;
    const result = await this.db.transaction(async (tx) => {
      try {
        const value = await this.ambient.run(tx, () => fn(tx));
        after = afterCommitOf.get(tx);
        events = withEvents.has(tx);
        marks = marked.get(tx) ?? NO_MARKS;
        return value;
      } finally {
        finished.add(tx);
      }
    });
    this.committed({ events, marks });
    for (const work of after ?? []) this.detached(work);
    return result;
  }

  /**
   * Runs `work` once the ambient transaction has committed (never if it rolls back), outside it; without one, on the
   * next turn of the event loop. For what must not run inside the transaction: a provider call, a queue that writes
   * through its own connection (on PGlite's one connection it would wait for the transaction that waits for it), or
   * anything that must see the transaction's rows as committed. Its failure is its own: it is not awaited.
   */
  afterCommit(work: () => unknown): void {
    const tx = this.current();
    if (!tx) {
      setImmediate(() => this.detached(work));
      return;
    }
    const queued = afterCommitOf.get(tx);
    if (queued) queued.push(work);
    else afterCommitOf.set(tx, [work]);
  }

  private detached(work: () => unknown): void {
    this.ambient.exit(() => {
      try {
        void Promise.resolve(work()).catch(() => undefined);
      } catch {
        // its own failure: the caller's work handles and logs what it must
      }
    });
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
    const current = this.current();
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

  /** The transaction this call runs inside, if any (one whose function has returned no longer counts). */
  current(): Tx<TSchema> | undefined {
    const tx = this.ambient.getStore();
    return tx && !finished.has(tx) ? tx : undefined;
  }

  /** Called after every commit of `run` and `statement`, with whether it wrote outbox rows and what it was marked with. */
  onCommit(listener: (info: CommitInfo) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  private committed(info: CommitInfo): void {
    for (const listener of this.commitListeners) listener(info);
  }
}
