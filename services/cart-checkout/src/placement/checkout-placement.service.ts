import { Injectable } from '@nestjs/common';
import {
  CartCheckoutEvents,
  OrderErrorCodes,
  PAY_LATER_TYPES,
  PaymentErrorCodes,
  type CheckoutOrderSnapshot,
  type PaymentMethod,
  type PlaceCheckoutRequest,
} from '@vitrina/contracts';
import { DomainError, Outbox, TransactionRunner } from '@vitrina/platform';
import { and, eq, sql } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { Clock } from '../shared/clock.js';
import { orderSnapshot } from './order-snapshot.js';

/**
 * The orders service's internal place call (contracts: checkout-placement.ts). A paid checkout answers its snapshot
 * (its order may not have arrived by event yet); a ready one with an enabled pay-later method is placed: ready →
 * placed with `cart.checkout.placed` (the catalogue commits its stock, orders makes the order) in one transaction.
 * A placed checkout answers the same snapshot again, so the call is idempotent.
 */
@Injectable()
export class CheckoutPlacementService {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async place(req: PlaceCheckoutRequest): Promise<CheckoutOrderSnapshot> {
    return this.runner.run(async (tx) => {
      const [checkout] = await tx.select().from(schema.checkouts).where(eq(schema.checkouts.id, req.checkoutId)).for('update');
      if (!checkout || checkout.userId !== req.userId || (req.supplierId && req.supplierId !== checkout.supplierId)) {
        throw new DomainError(OrderErrorCodes.checkoutNotFound, 'Checkout not found', 404);
      }
      if (checkout.status === 'paid') {
        const [attempt] = checkout.paidAttemptId
          ? await tx.select().from(schema.paymentAttempts).where(eq(schema.paymentAttempts.id, checkout.paidAttemptId))
          : [];
        return orderSnapshot(tx, checkout, {
          paymentType: (attempt?.method ?? 'card') as PaymentMethod,
          prepaid: true,
          chargeId: attempt?.chargeId ?? null,
          financingCostMinor: attempt?.financingCostMinor ?? 0,
          placedAt: checkout.paidAt ?? checkout.updatedAt,
        });
      }
      if (checkout.status === 'placed') {
        return orderSnapshot(tx, checkout, {
          paymentType: checkout.placedPaymentType as (typeof PAY_LATER_TYPES)[number],
          prepaid: false,
          chargeId: null,
          financingCostMinor: 0,
          placedAt: checkout.paidAt ?? checkout.updatedAt,
        });
      }
      const type = req.paymentType;
      if (!type || !(PAY_LATER_TYPES as readonly string[]).includes(type)) {
        throw new DomainError(OrderErrorCodes.checkoutNotPaid, 'The checkout is not paid yet', 409);
      }
      if (!((checkout.enabledPaymentTypes as string[]) ?? []).includes(type)) {
        throw new DomainError(PaymentErrorCodes.methodNotEnabled, 'The seller does not take this payment method', 422);
      }
      const now = this.clock.now();
      if (checkout.status !== 'ready' || checkout.expiresAt <= now) {
        throw new DomainError(
          checkout.status === 'open' ? PaymentErrorCodes.checkoutNotReady : PaymentErrorCodes.checkoutExpired,
          checkout.status === 'open' ? 'Choose the delivery first' : 'The time to finish this purchase has expired',
          checkout.status === 'open' ? 409 : 410,
        );
      }
      const [placed] = await tx
        .update(schema.checkouts)
        .set({ status: 'placed', placedPaymentType: type, paidAt: now, updatedAt: sql`now()` })
        .where(and(eq(schema.checkouts.id, checkout.id), eq(schema.checkouts.status, 'ready')))
        .returning();
      const snap = await orderSnapshot(tx, placed, {
        paymentType: type,
        prepaid: false,
        chargeId: null,
        financingCostMinor: 0,
        placedAt: now,
      });
      await this.outbox.add(tx, {
        type: CartCheckoutEvents.placed,
        key: checkout.id,
        actorId: checkout.userId,
        data: { checkoutId: checkout.id, order: snap },
      });
      return snap;
    });
  }
}
