import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import {
  AccountsEvents,
  Topics,
  type EventEnvelope,
  type UserPinIssued,
  type UserProfileUpdated,
  type UserRegistered,
} from '@vitrina/contracts';
import { LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import { AlertRecorder } from '../../alerts/alert-recorder.js';
import { deliveries, users } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import { renderCodeMessage } from '../templates/code-message.js';
import { DELIVERIES_WRITTEN } from '../jobs/deliver-message.job.js';

/** When the event happened; now for one without a readable time. */
function occurredAt(event: EventEnvelope): Date {
  const at = Date.parse(event.occurredAt);
  return Number.isFinite(at) ? new Date(at) : new Date();
}

/**
 * `accounts.user` (docs/architecture.md §5). Registered and profile-updated events keep messaging's projection of the
 * users (name, photo, e-mail, locale: the inbox's peer names and profiles, the people search), in the inbox
 * transaction; an older snapshot arriving late does not undo a newer one. A pin-issued event (activation PIN and link, password-reset code) becomes one
 * delivery, rendered in the user's language, written in the inbox transaction: a redelivered event is dropped by
 * the inbox, and the delivery id (the event id) is unique besides. A followed event becomes the followed user's alert.
 */
@Controller()
export class AccountsUserConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly alerts: AlertRecorder,
  ) {}

  @EventPattern(Topics.accountsUser)
  async onAccountsUser(@Payload() event: EventEnvelope<UserPinIssued | UserRegistered | UserProfileUpdated>): Promise<void> {
    if (event.type === AccountsEvents.registered || event.type === AccountsEvents.profileUpdated) return this.onProfile(event);
    // a new follow: the followed user's bell alert (alert-rules.ts)
    if (event.type === AccountsEvents.followed) return this.alerts.record(event);
    if (event.type !== AccountsEvents.pinIssued) return;
    await this.onPin(event as EventEnvelope<UserPinIssued>);
  }

  private async onProfile(event: EventEnvelope<UserPinIssued | UserRegistered | UserProfileUpdated>): Promise<void> {
    const registered = event.type === AccountsEvents.registered ? (event.data as UserRegistered) : undefined;
    const updated = event.type === AccountsEvents.profileUpdated ? (event.data as UserProfileUpdated) : undefined;
    const userId = registered?.userId ?? updated?.userId;
    const name = (registered?.fullName ?? updated?.name ?? '').trim().slice(0, 200);
    if (!userId || !name) {
      this.logger.warn({ eventId: event.id, type: event.type }, 'accounts.user event without userId or name; ignored');
      return;
    }
    const updatedAt = occurredAt(event);
    const fields = registered
      ? { name, email: registered.email ?? null, locale: registered.locale ?? null, updatedAt }
      : { name, ...(updated && updated.photo !== undefined ? { photo: updated.photo } : {}), updatedAt };
    await this.tx.run(async (tx) => {
      await tx
        .insert(users)
        .values({ id: userId, ...fields })
        .onConflictDoUpdate({ target: users.id, set: fields, setWhere: sql`${users.updatedAt} <= excluded.updated_at` });
    });
  }

  private async onPin(event: EventEnvelope<UserPinIssued>): Promise<void> {
    const data = event.data;
    if (!data?.destination || !data.code || (data.channel !== 'email' && data.channel !== 'phone')) {
      this.logger.warn({ eventId: event.id }, 'pin-issued event without destination, code or channel; ignored');
      return;
    }
    const message = renderCodeMessage(data);
    await this.tx.run(async (tx) => {
      await tx
        .insert(deliveries)
        .values({
          id: event.id,
          eventType: event.type,
          userId: data.userId,
          channel: data.channel === 'email' ? 'email' : 'sms',
          destination: data.destination,
          locale: data.locale,
          subject: message.subject,
          text: message.text,
          html: message.html,
          expiresAt: Number.isFinite(Date.parse(data.expiresAt)) ? new Date(data.expiresAt) : null,
        })
        .onConflictDoNothing({ target: deliveries.id });
      this.tx.mark(tx, DELIVERIES_WRITTEN);
    });
  }
}
