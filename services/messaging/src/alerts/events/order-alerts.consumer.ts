import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, type EventEnvelope } from '@vitrina/contracts';
import { BusEventPattern } from '@vitrina/platform';
import { AlertRecorder } from '../alert-recorder.js';
import { ALERT_EVENT_TYPES } from '../alert-rules.js';

/**
 * `orders.order` (issue 15): placements, moves, cancellations, deliveries and the return events become the parties'
 * bell alerts. Runs in the same inbox transaction as the return-label e-mail's consumer of this topic; the types
 * nobody here handles (reviews, refund requests…) are dropped by the bus before the inbox.
 */
@Controller()
export class OrderAlertsConsumer {
  constructor(private readonly recorder: AlertRecorder) {}

  @BusEventPattern(ORDERS_TOPIC, { types: ALERT_EVENT_TYPES.orders })
  async onOrder(@Payload() event: EventEnvelope<unknown>): Promise<void> {
    await this.recorder.record(event);
  }
}
