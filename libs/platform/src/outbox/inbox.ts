import type { EventEnvelope } from '@vitrina/contracts';
import { sql } from 'drizzle-orm';
import { PreparedSql } from '../db/prepared-sql.js';
import type { TransactionRunner } from './transaction-runner.js';
import type { PlatformTables } from './tables.js';

/**
 * Idempotent consumption: the event id is recorded in the inbox in the same transaction as the
 * consumer's change. A redelivered event finds its row and changes nothing.
 */
export class Inbox {
  /** The claim, built once (every event of every consumer runs it). */
  private readonly claim: PreparedSql<{ eventId: string; consumer: string; type: string }>;

  constructor(
    tables: PlatformTables,
    private readonly runner: TransactionRunner,
  ) {
    const inbox = tables.inbox;
    this.claim = new PreparedSql(
      () => sql`insert into ${inbox} (${sql.identifier(inbox.eventId.name)}, ${sql.identifier(inbox.consumer.name)}, ${sql.identifier(inbox.type.name)})
        values (${sql.placeholder('eventId')}, ${sql.placeholder('consumer')}, ${sql.placeholder('type')})
        on conflict do nothing returning 1 as claimed`,
    );
  }

  /** Runs `apply` once per (event, consumer); returns false when the event was already applied. */
  async process(consumer: string, event: EventEnvelope, apply: () => Promise<void>): Promise<boolean> {
    return this.runner.run(async (tx) => {
      const claimed = await this.claim.execute(tx, { eventId: event.id, consumer, type: event.type });
      if (claimed.length === 0) return false;
      await apply();
      return true;
    });
  }
}
