import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@vitrina/contracts';
import { LOGGER, TransactionRunner, newId, type Logger } from '@vitrina/platform';
import { alerts } from '../db/schema.js';
import type * as schema from '../db/schema.js';
import { alertsFor } from './alert-rules.js';

/**
 * Writes the alerts of one event (alert-rules.ts decides them) in the consumer's inbox transaction. The unique key
 * (event, user, role) makes a second delivery add nothing even where the inbox would not stop it.
 */
@Injectable()
export class AlertRecorder {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<typeof schema>,
  ) {}

  async record(event: EventEnvelope<unknown>): Promise<void> {
    const drafts = alertsFor(event);
    if (drafts === null) {
      // retrying cannot mend a malformed event: it is dropped, and said so
      this.logger.warn({ eventId: event.id, type: event.type }, 'event without the ids or amounts its alerts need; ignored');
      return;
    }
    if (drafts.length === 0) return;
    await this.tx.run(async (tx) => {
      await tx
        .insert(alerts)
        .values(
          drafts.map((d) => ({
            id: newId(),
            userId: d.userId,
            role: d.role,
            origin: d.origin,
            type: d.type,
            subtype: d.subtype,
            params: d.refs,
            message: d.message,
            link: d.link,
            eventId: event.id,
          })),
        )
        .onConflictDoNothing({ target: [alerts.eventId, alerts.userId, alerts.role] });
    });
  }
}
