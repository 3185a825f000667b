import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  MEMBERSHIP_PAYMENT_TYPES,
  MEMBERSHIP_SELLER_ID,
  MembershipEvents,
  Topics,
  type EventEnvelope,
  type MembershipPurchaseRequested,
} from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import * as schema from '../../db/schema.js';

const isText = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * A package purchase or renewal waiting for its payment (issue 16): the payable is a checkout of purpose membership,
 * ready to pay under the token accounts chose, until the purchase's expiry, with the id of the purchase (so its
 * `payment.succeeded` names the purchase). The payment page, methods, attempts, webhooks and reconciliation are the
 * checkout's own. A redelivered event finds the row and changes nothing.
 */
@Controller()
export class MembershipPurchasesConsumer {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusEventPattern(Topics.accountsMembership, { types: [MembershipEvents.purchaseRequested] })
  async onRequested(@Payload() event: EventEnvelope<MembershipPurchaseRequested>): Promise<void> {
    if (event.type !== MembershipEvents.purchaseRequested) return;
    const d = event.data;
    const expiresAt = new Date(d?.expiresAt ?? NaN);
    if (
      !d ||
      !isText(d.purchaseId) ||
      !isText(d.userId) ||
      !isText(d.paymentToken, 64) ||
      !isText(d.packageName) ||
      !/^[A-Z]{3}$/.test(d.currency ?? '') ||
      !Number.isSafeInteger(d.amountMinor) ||
      d.amountMinor <= 0 ||
      Number.isNaN(expiresAt.getTime())
    ) {
      this.logger.warn({ eventId: event.id }, 'membership purchase without the fields a payable needs; ignored');
      return;
    }
    await this.runner.run((tx) =>
      tx
        .insert(schema.checkouts)
        .values({
          id: d.purchaseId,
          userId: d.userId,
          shopId: MEMBERSHIP_SELLER_ID,
          shopSlug: '',
          supplierId: MEMBERSHIP_SELLER_ID,
          supplierName: 'Vitrina',
          currency: d.currency,
          status: 'ready',
          expiresAt,
          subtotalMinor: d.amountMinor,
          shippingMinor: 0,
          enabledPaymentTypes: [...MEMBERSHIP_PAYMENT_TYPES],
          paymentToken: d.paymentToken,
          purpose: 'membership',
          description: d.packageName,
        })
        .onConflictDoNothing(),
    );
  }
}
