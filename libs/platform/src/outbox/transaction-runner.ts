import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnySchema, Db, Tx } from '../db/database.js';

/**
 * Owns the transactions of one service. A command handler calls `run`; code running inside an
 * ambient transaction (an event consumer wrapped by the inbox) joins it instead of opening another,
 * so the consumer's change and its inbox row commit together.
 * After a commit the outbox relay is woken so events leave at once (the relay's poll is the safety net).
 */
export class TransactionRunner<TSchema extends AnySchema = AnySchema> {
  private readonly ambient = new AsyncLocalStorage<Tx<TSchema>>();
  private readonly afterCommit = new Set<() => void>();

  constructor(readonly db: Db<TSchema>) {}

  async run<T>(fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    const current = this.ambient.getStore();
    if (current) return fn(current);
    const result = await this.db.transaction((tx) => this.ambient.run(tx as Tx<TSchema>, () => fn(tx as Tx<TSchema>)));
    for (const listener of this.afterCommit) listener();
    return result;
  }

  /**
   * One statement that is its own transaction (a data-modifying CTE writing a change and its outbox rows together):
   * no BEGIN/COMMIT round trips. Inside an ambient transaction it joins it. The relay is woken after it, as after `run`.
   */
  async statement<T>(fn: (db: Db<TSchema> | Tx<TSchema>) => Promise<T>): Promise<T> {
    const current = this.ambient.getStore();
    if (current) return fn(current);
    const result = await fn(this.db);
    for (const listener of this.afterCommit) listener();
    return result;
  }

  /** The transaction this call runs inside, if any. */
  current(): Tx<TSchema> | undefined {
    return this.ambient.getStore();
  }

  onCommit(listener: () => void): () => void {
    this.afterCommit.add(listener);
    return () => this.afterCommit.delete(listener);
  }
}
