import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, ReturnEvents, type EventEnvelope, type RefundRequestedEvent } from '@vitrina/contracts';
import { BusEventPattern, TransactionRunner } from '@vitrina/platform';
import { ReturnRefunds } from '../refunds/return-refunds.js';

/** `orders.order.refund_requested` (issue 14): the refund is recorded once and tried at the provider right after. */
@Controller()
export class ReturnRefundsConsumer {
  constructor(
    private readonly refunds: ReturnRefunds,
    private readonly runner: TransactionRunner,
  ) {}

  @BusEventPattern(ORDERS_TOPIC, { types: [ReturnEvents.refundRequested] })
  async onRefundRequested(@Payload() event: EventEnvelope<RefundRequestedEvent>): Promise<void> {
    if (event.type !== ReturnEvents.refundRequested) return;
    const d = event.data;
    if (typeof d?.refundId !== 'string' || typeof d.checkoutId !== 'string' || !Number.isInteger(d.amountMinor) || d.amountMinor <= 0)
      return;
    // the provider is called once the inbox transaction committed, never inside it (a provider call holds no
    // transaction, and the embedded sandbox writes its books through its own connection), in a transaction of its own
    // that sees the recorded refund; a crash in between leaves the refund pending for the payment jobs
    if (await this.refunds.record(d)) this.runner.afterCommit(() => this.refunds.attemptById(d.refundId));
  }
}
