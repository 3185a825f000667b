import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DB, LOGGER, Outbox, TransactionRunner, type Db } from '@vitrina/platform';
import { RefundEvents, type RefundUpdatedEvent } from '@vitrina/contracts';
import * as schema from '../../db/schema.js';
import { paymentAttempts } from '../../db/schema.js';
import { Clock } from '../../shared/clock.js';
import type { AttemptRow } from '../attempt.view.js';
import { LIVE_ATTEMPT_STATUSES, isLive } from '../domain/attempt.machine.js';
import { PaymentProviders } from '../payment-providers.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { PaymentWebhooks } from '../payment-webhooks.js';
import { PaymentsService } from '../payments.service.js';
import { ReturnRefunds } from '../refunds/return-refunds.js';

const BATCH = 100;

/**
 * The payment jobs (issue 12), one timer per process (PAYMENT_RECONCILE_MS); each row is claimed by one process at a
 * time (`for update skip locked` and a bumped `updated_at`), and every step is idempotent, so more processes or a
 * repeated pass change nothing twice:
 * - **reconciliation**: live attempts without news for PAYMENT_RECONCILE_AFTER_SECONDS are looked up at the provider
 *   (one that never got an answer is started again with the same idempotency key: the provider answers the payment it
 *   already made, never a second charge) and completed or failed. A charge that succeeded while we were down is thus
 *   completed within a minute or two, far inside the 15 minutes after which it must be completed or refunded;
 * - **expiry**: attempts past their deadline (a voucher, a 1-hour bank transfer, an abandoned challenge) are checked
 *   at the provider one last time, then canceled there and expired here (a voucher or transfer expires its checkout:
 *   stock released, the shopper told by `payment.expired`);
 * - **refunds**: successes that could not pay their checkout are refunded (the provider call carries a key per attempt),
 *   and refunds of returns the provider has not answered yet are tried again (refunds/return-refunds.ts);
 * - **parked webhooks** are retried (PAYMENT_WEBHOOK_RETRY_MS).
 */
@Injectable()
export class PaymentJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private timers: NodeJS.Timeout[] = [];
  private running = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly payments: PaymentsService,
    private readonly webhooks: PaymentWebhooks,
    private readonly returnRefunds: ReturnRefunds,
    private readonly providers: PaymentProviders,
    private readonly clock: Clock,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobs) return;
    this.every('reconcile', this.config.reconcileEveryMs, () => this.runOnce());
    this.every('webhooks', this.config.webhookRetryMs, () => this.webhooks.retryParked());
  }

  async onApplicationShutdown(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await Promise.all(this.running.values());
  }

  private every(name: string, ms: number, run: () => Promise<unknown>): void {
    const timer = setInterval(() => {
      if (this.running.has(name)) return;
      this.running.set(
        name,
        run()
          .catch((err: unknown) => this.logger.warn({ err, job: name }, 'payment job failed'))
          .finally(() => this.running.delete(name)),
      );
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** One pass of every job (tests call it after moving the clock). */
  async runOnce(): Promise<{ reconciled: number; expired: number; refunded: number; returnRefunds: number }> {
    const expired = await this.expire();
    const reconciled = await this.reconcile();
    const refunded = await this.refund();
    const returnRefunds = await this.returnRefunds.retryPending();
    return { reconciled, expired, refunded, returnRefunds };
  }

  /** Claims up to BATCH rows matching `where`, bumping updated_at so another process passes them by. */
  private async claim(where: ReturnType<typeof and>): Promise<AttemptRow[]> {
    return this.tx.run(async (tx) => {
      const due = await tx
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(where)
        .orderBy(asc(paymentAttempts.updatedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(paymentAttempts)
        .set({ updatedAt: this.clock.now() })
        .where(
          inArray(
            paymentAttempts.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async reconcile(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.reconcileAfterSeconds * 1000);
    const rows = await this.claim(and(inArray(paymentAttempts.status, [...LIVE_ATTEMPT_STATUSES]), lte(paymentAttempts.updatedAt, before)));
    let done = 0;
    for (const row of rows) {
      try {
        const after = await this.payments.refresh(row);
        if (!isLive(after.status)) done++;
      } catch (err) {
        this.logger.warn({ err, attemptId: row.id }, 'payment reconciliation failed for an attempt (retried on the next pass)');
      }
    }
    return done;
  }

  async expire(): Promise<number> {
    const now = this.clock.now();
    const rows = await this.claim(and(inArray(paymentAttempts.status, [...LIVE_ATTEMPT_STATUSES]), lte(paymentAttempts.expiresAt, now)));
    let expired = 0;
    for (const row of rows) {
      try {
        // the provider first: a voucher paid at the last minute is a payment, not an expiry
        const after = await this.payments.refresh(row);
        if (after.status === 'expired') expired++;
        if (!isLive(after.status)) continue;
        if (after.providerRef) await this.providers.get(after.provider).cancel(after.providerRef);
        await this.payments.apply(row.id, { ref: after.providerRef ?? '', status: 'expired', chargeId: null });
        expired++;
      } catch (err) {
        this.logger.warn({ err, attemptId: row.id }, 'payment expiry failed for an attempt (retried on the next pass)');
      }
    }
    return expired;
  }

  async refund(): Promise<number> {
    const rows = await this.claim(eq(paymentAttempts.refundStatus, 'pending'));
    let refunded = 0;
    for (const row of rows) {
      if (!row.providerRef) continue;
      try {
        const result = await this.providers
          .get(row.provider)
          .refund(row.providerRef, row.amountMinor + row.financingCostMinor, `${row.idempotencyKey}_refund`);
        if (result.status === 'pending') continue;
        const amountMinor = row.amountMinor + row.financingCostMinor;
        await this.tx.run(async (tx) => {
          const [done] = await tx
            .update(paymentAttempts)
            .set({ refundStatus: result.status === 'succeeded' ? 'refunded' : 'failed', refundRef: result.id, updatedAt: sql`now()` })
            .where(and(eq(paymentAttempts.id, row.id), eq(paymentAttempts.refundStatus, 'pending')))
            .returning({ id: paymentAttempts.id });
          // the order (a cancelled one) shows the refund's outcome
          if (done) {
            await this.outbox.add(tx, {
              type: RefundEvents.updated,
              key: row.checkoutId,
              actorId: row.userId,
              data: {
                checkoutId: row.checkoutId,
                status: result.status === 'succeeded' ? 'success' : 'failed',
                amountMinor,
                currency: row.currency,
              } satisfies RefundUpdatedEvent,
            });
          }
        });
        if (result.status === 'succeeded') refunded++;
        else this.logger.error({ attemptId: row.id }, 'refund of a payment that could not pay its checkout failed: needs a person');
      } catch (err) {
        this.logger.warn({ err, attemptId: row.id }, 'refund failed (retried on the next pass)');
      }
    }
    return refunded;
  }
}
