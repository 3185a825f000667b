import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { LOGGER, Outbox, TransactionRunner, type Tx } from '@vitrina/platform';
import { RefundEvents, type RefundRequestedEvent, type RefundUpdatedEvent } from '@vitrina/contracts';
import * as schema from '../../db/schema.js';
import { paymentAttempts, returnRefunds } from '../../db/schema.js';
import { Clock } from '../../shared/clock.js';
import { PaymentProviders } from '../payment-providers.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';

type RefundRow = typeof returnRefunds.$inferSelect;
const BATCH = 100;

/**
 * Refunds of returns (issue 14). The orders service decides how much may be refunded (its cap is one atomic statement
 * there) and asks with `orders.order.refund_requested`; this service, which took the payment, gives it back through
 * the provider that charged it and answers `payment.refund_updated` with the refund id.
 * - The request is recorded once (the refund id is the key: a redelivered event is a no-op), then tried at once.
 * - The provider call carries `refund_<id>`: a retry after a crash or a timeout finds the refund already made.
 * - A provider that does not answer leaves the row `pending`; the payment jobs try again on every pass and give up
 *   as `failed` after PAYMENT_REFUND_MAX_TRIES tries (the orders service then puts the amount back as available).
 */
@Injectable()
export class ReturnRefunds {
  constructor(
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly providers: PaymentProviders,
    private readonly clock: Clock,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Records the request (once per refund id); true when this call recorded it. */
  async record(d: RefundRequestedEvent): Promise<boolean> {
    return this.tx.run(async (tx) => {
      const [checkout] = await tx
        .select({ paidAttemptId: schema.checkouts.paidAttemptId })
        .from(schema.checkouts)
        .where(eq(schema.checkouts.id, d.checkoutId));
      const [row] = await tx
        .insert(returnRefunds)
        .values({
          id: d.refundId,
          checkoutId: d.checkoutId,
          orderId: d.orderId,
          userId: d.userId,
          attemptId: checkout?.paidAttemptId ?? null,
          amountMinor: d.amountMinor,
          currency: d.currency,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return false;
      // nothing was paid through us for this checkout: nothing to give back
      if (!row.attemptId) await this.settle(tx, row, 'failed', null, 'the checkout has no payment');
      return true;
    });
  }

  /** One try at the provider for a pending refund; the row's outcome is written with its event. */
  async attempt(row: RefundRow): Promise<RefundRow['status']> {
    if (row.status !== 'pending' || !row.attemptId) return row.status;
    const [payment] = await this.tx.run((tx) =>
      tx
        .select({ provider: paymentAttempts.provider, providerRef: paymentAttempts.providerRef })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.id, row.attemptId!)),
    );
    try {
      if (!payment?.providerRef) throw new Error('the paying attempt has no provider reference');
      const result = await this.providers.get(payment.provider).refund(payment.providerRef, row.amountMinor, `refund_${row.id}`);
      if (result.status === 'pending') return await this.retryLater(row, 'the provider has not finished the refund');
      const status = result.status === 'succeeded' ? 'success' : 'failed';
      await this.tx.run((tx) => this.settle(tx, row, status, result.id, status === 'failed' ? 'refused by the provider' : null));
      return status;
    } catch (err) {
      this.logger.warn({ err, refundId: row.id }, 'refund of a return failed (retried on the next pass)');
      return this.retryLater(row, err instanceof Error ? err.message : String(err));
    }
  }

  /** The payment jobs' pass: pending refunds claimed by this process (skip locked, updated_at bumped), tried once each. */
  async retryPending(): Promise<number> {
    const rows = await this.tx.run(async (tx) => {
      const due = await tx
        .select({ id: returnRefunds.id })
        .from(returnRefunds)
        .where(eq(returnRefunds.status, 'pending'))
        .orderBy(asc(returnRefunds.updatedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(returnRefunds)
        .set({ updatedAt: this.clock.now() })
        .where(
          inArray(
            returnRefunds.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    let done = 0;
    for (const row of rows) if ((await this.attempt(row)) !== 'pending') done++;
    return done;
  }

  /** Tries a just-recorded refund at once (the seller sees the outcome in a moment rather than at the next pass). */
  async attemptById(id: string): Promise<void> {
    const [row] = await this.tx.run((tx) => tx.select().from(returnRefunds).where(eq(returnRefunds.id, id)));
    if (row) await this.attempt(row);
  }

  private async retryLater(row: RefundRow, error: string): Promise<'pending' | 'failed'> {
    return this.tx.run(async (tx) => {
      const [next] = await tx
        .update(returnRefunds)
        .set({ tries: sql`${returnRefunds.tries} + 1`, lastError: error.slice(0, 500), updatedAt: this.clock.now() })
        .where(and(eq(returnRefunds.id, row.id), eq(returnRefunds.status, 'pending')))
        .returning();
      if (next && next.tries >= this.config.refundMaxTries) {
        this.logger.error({ refundId: row.id }, 'refund of a return given up after its tries: needs a person');
        await this.settle(tx, next, 'failed', null, error);
        return 'failed';
      }
      return 'pending';
    });
  }

  /** pending → success | failed (guarded: a second outcome changes nothing), with `payment.refund_updated`. */
  private async settle(tx: Tx<typeof schema>, row: RefundRow, status: 'success' | 'failed', ref: string | null, error: string | null) {
    const [done] = await tx
      .update(returnRefunds)
      .set({ status, refundRef: ref, lastError: error, updatedAt: this.clock.now() })
      .where(and(eq(returnRefunds.id, row.id), eq(returnRefunds.status, 'pending')))
      .returning({ id: returnRefunds.id });
    if (!done) return;
    await this.outbox.add(tx, {
      type: RefundEvents.updated,
      key: row.checkoutId,
      actorId: row.userId,
      data: {
        checkoutId: row.checkoutId,
        refundId: row.id,
        orderId: row.orderId,
        status,
        amountMinor: row.amountMinor,
        currency: row.currency,
      } satisfies RefundUpdatedEvent,
    });
  }
}
