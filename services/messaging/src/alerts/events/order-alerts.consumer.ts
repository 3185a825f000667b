import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, type EventEnvelope } from '@vitrina/contracts';
import { BusContext, BusEventPattern } from '@vitrina/platform';
import { AlertRecorder } from '../alert-recorder.js';
import { ALERT_EVENT_TYPES } from '../alert-rules.js';

/**
 * `orders.order` (issue 15): placements, moves, cancellations, deliveries and the return events become the parties'
 * bell alerts. An event only this consumer takes (every move) comes without the inbox: the recorder claims it in the
 * statement that writes the alerts. A label issued also reaches the return-label e-mail's consumer, so it comes in
 * the inbox transaction, which the recorder joins. The types nobody here handles (reviews, refund requests…) are
 * dropped by the bus before the inbox.
 */
@Controller()
export class OrderAlertsConsumer {
  constructor(private readonly recorder: AlertRecorder) {}

  @BusEventPattern(ORDERS_TOPIC, { types: ALERT_EVENT_TYPES.orders, inbox: false })
  async onOrder(@Payload() event: EventEnvelope<unknown>, @Ctx() ctx: BusContext): Promise<void> {
    // idempotent on its own: the recorder claims the event in the statement that writes its alerts
    await this.recorder.record(event, ctx.getGroup());
  }
}
