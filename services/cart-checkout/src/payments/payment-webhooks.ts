import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { PaymentErrorCodes as Codes, type AttemptStatus } from '@vitrina/contracts';
import { DB, DomainError, LOGGER, type Db } from '@vitrina/platform';
import * as schema from '../db/schema.js';
import { paymentAttempts, paymentWebhookEvents } from '../db/schema.js';
import { Clock } from '../shared/clock.js';
import type { AttemptRow } from './attempt.view.js';
import { isLive, nextAttemptStatus } from './domain/attempt.machine.js';
import { WebhookSignatureError, type ProviderPayment, type ProviderWebhookEvent } from './domain/payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { ATTEMPT_BY_ID, RECORD_WEBHOOK_EVENT } from './payment-statements.js';
import { PaymentsService } from './payments.service.js';

/** How long a webhook whose attempt is unknown stays parked before it is dropped (logged). */
const PARK_MS = 24 * 60 * 60 * 1000;

/**
 * Incoming payment webhooks (issue 12): verified with the provider's own method (401 and nothing changes when the
 * signature is wrong), recorded by (provider, event id) so a duplicate is a no-op, then applied to the attempt through
 * PaymentsService.apply. One that names an attempt not known yet is parked and retried by the payment jobs.
 */
@Injectable()
export class PaymentWebhooks {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentsService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(providerName: string, raw: Buffer | undefined, headers: Record<string, string | string[] | undefined>): Promise<void> {
    if (!this.providers.has(providerName)) throw new DomainError(Codes.unknownProvider, 'Unknown payment provider', 404);
    let event: ProviderWebhookEvent;
    try {
      event = await this.providers.get(providerName).parseWebhook(raw ?? Buffer.alloc(0), headers);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new DomainError(Codes.webhookSignature, 'The webhook signature is not valid', 401);
      throw err;
    }
    // What the event asks decides how it is recorded: an event that changes nothing (its attempt already finished,
    // a type we ignore) is recorded as done in the same statement that deduplicates it, so a repeated or no-op
    // webhook costs one read and one insert; one that applies is recorded first, then applied, then marked.
    const attempt = event.payment ? await this.findAttempt(providerName, event.attemptId, event.payment.ref) : undefined;
    const payment = event.payment ? reviveDates(event.payment) : null;
    const needed = payment && attempt ? changes(attempt, payment) : false;
    const status = !payment ? 'ignored' : !attempt ? 'parked' : needed ? 'received' : 'processed';
    const now = this.clock.now();
    const inserted = await RECORD_WEBHOOK_EVENT.execute(this.db, {
      provider: providerName,
      eventId: event.id.slice(0, 200),
      type: event.type.slice(0, 200),
      attemptId: event.attemptId,
      event,
      status,
      tries: status === 'parked' ? 1 : 0,
      receivedAt: now,
      processedAt: status === 'ignored' || status === 'processed' ? now.toISOString() : null,
    });
    if (inserted.length === 0 || !needed) return; // a duplicate (already recorded), or nothing to apply
    await this.applyTo(attempt!, payment!);
    await this.db
      .update(paymentWebhookEvents)
      .set({ status: 'processed', processedAt: this.clock.now() })
      .where(this.keyOf(providerName, event));
  }

  private keyOf(providerName: string, event: ProviderWebhookEvent) {
    return and(eq(paymentWebhookEvents.provider, providerName), eq(paymentWebhookEvents.eventId, event.id.slice(0, 200)));
  }

  private async applyTo(attempt: AttemptRow, payment: ProviderPayment): Promise<void> {
    if (payment.status === 'approved') await this.payments.refresh(attempt);
    else await this.payments.apply(attempt.id, payment);
  }

  /** Applies one parked event; it stays parked while its attempt is not known yet. Returns whether it was applied. */
  private async process(providerName: string, event: ProviderWebhookEvent): Promise<boolean> {
    const key = this.keyOf(providerName, event);
    if (!event.payment) {
      await this.db.update(paymentWebhookEvents).set({ status: 'ignored', processedAt: this.clock.now() }).where(key);
      return true;
    }
    const attempt = await this.findAttempt(providerName, event.attemptId, event.payment.ref);
    if (!attempt) {
      await this.db
        .update(paymentWebhookEvents)
        .set({ tries: sql`${paymentWebhookEvents.tries} + 1` })
        .where(key);
      return false;
    }
    await this.applyTo(attempt, reviveDates(event.payment));
    await this.db.update(paymentWebhookEvents).set({ status: 'processed', processedAt: this.clock.now() }).where(key);
    return true;
  }

  private async findAttempt(provider: string, attemptId: string | null, ref: string): Promise<AttemptRow | undefined> {
    if (attemptId && attemptId.length <= 64) {
      const [row] = await ATTEMPT_BY_ID.execute(this.db, { id: attemptId });
      if (row && row.provider === provider) return row;
    }
    if (!ref) return undefined;
    const [row] = await this.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerRef, ref)));
    return row;
  }

  /** Retries parked events (oldest first); drops those parked for over a day. Returns how many were applied. */
  async retryParked(limit = 100): Promise<number> {
    const parked = await this.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.status, 'parked'))
      .orderBy(asc(paymentWebhookEvents.receivedAt))
      .limit(limit);
    let applied = 0;
    for (const row of parked) {
      const event = row.event as ProviderWebhookEvent;
      if (await this.process(row.provider, event).catch((err: unknown) => (this.logger.warn({ err }, 'parked webhook failed'), false))) {
        applied++;
      } else if (this.clock.now().getTime() - row.receivedAt.getTime() > PARK_MS) {
        await this.db
          .update(paymentWebhookEvents)
          .set({ status: 'dropped', processedAt: this.clock.now() })
          .where(and(eq(paymentWebhookEvents.provider, row.provider), eq(paymentWebhookEvents.eventId, row.eventId)));
        this.logger.warn({ provider: row.provider, eventId: row.eventId }, 'payment webhook for an unknown attempt dropped after a day');
      }
    }
    return applied;
  }
}

/** Whether a report would change the attempt (apply() decides the same way, under the row's lock). */
function changes(attempt: AttemptRow, payment: ProviderPayment): boolean {
  if (payment.status === 'approved') return isLive(attempt.status);
  return nextAttemptStatus(attempt.status as AttemptStatus, payment.status) !== null || (!!payment.ref && !attempt.providerRef);
}

/** Dates travel as ISO strings through JSON (the event is stored and replayed). */
function reviveDates(p: ProviderPayment): ProviderPayment {
  return {
    ...p,
    ...(p.voucher ? { voucher: { ...p.voucher, expiresAt: new Date(p.voucher.expiresAt) } } : {}),
    ...(p.bankTransfer ? { bankTransfer: { ...p.bankTransfer, expiresAt: new Date(p.bankTransfer.expiresAt) } } : {}),
  };
}
