import type { EventEnvelope } from '@vitrina/contracts';
import type { TransactionRunner } from './transaction-runner.js';
import type { PlatformTables } from './tables.js';

/**
 * Idempotent consumption: the event id is recorded in the inbox in the same transaction as the
 * consumer's change. A redelivered event finds its row and changes nothing.
 */
export class Inbox {
  constructor(
    private readonly tables: PlatformTables,
    private readonly runner: TransactionRunner,
  ) {}

  /** Runs `apply` once per (event, consumer); returns false when the event was already applied. */
  async process(consumer: string, event: EventEnvelope, apply: () => Promise<void>): Promise<boolean> {
    return this.runner.run(async (tx) => {
      const inserted = await tx
        .insert(this.tables.inbox)
        .values({ eventId: event.id, consumer, type: event.type })
        .onConflictDoNothing()
        .returning({ id: this.tables.inbox.eventId });
      if (inserted.length === 0) return false;
      await apply();
      return true;
    });
  }
}
