import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, ReturnEvents, type EventEnvelope, type RefundRequestedEvent } from '@vitrina/contracts';
import { BusEventPattern } from '@vitrina/platform';
import { ReturnRefunds } from '../refunds/return-refunds.js';

/** `orders.order.refund_requested` (issue 14): the refund is recorded once and tried at the provider at once. */
@Controller()
export class ReturnRefundsConsumer {
  constructor(private readonly refunds: ReturnRefunds) {}

  @BusEventPattern(ORDERS_TOPIC, { types: [ReturnEvents.refundRequested] })
  async onRefundRequested(@Payload() event: EventEnvelope<RefundRequestedEvent>): Promise<void> {
    if (event.type !== ReturnEvents.refundRequested) return;
    const d = event.data;
    if (typeof d?.refundId !== 'string' || typeof d.checkoutId !== 'string' || !Number.isInteger(d.amountMinor) || d.amountMinor <= 0)
      return;
    if (await this.refunds.record(d)) await this.refunds.attemptById(d.refundId);
  }
}
