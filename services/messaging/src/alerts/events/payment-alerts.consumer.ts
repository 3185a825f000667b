import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { PAYMENT_TOPIC, type EventEnvelope } from '@vitrina/contracts';
import { BusContext, BusEventPattern } from '@vitrina/platform';
import { AlertRecorder } from '../alert-recorder.js';
import { ALERT_EVENT_TYPES } from '../alert-rules.js';

/** `payment` (issue 15): a failed attempt or an unpaid voucher/transfer that expired tells the shopper. */
@Controller()
export class PaymentAlertsConsumer {
  constructor(private readonly recorder: AlertRecorder) {}

  @BusEventPattern(PAYMENT_TOPIC, { types: ALERT_EVENT_TYPES.payment, inbox: false })
  async onPayment(@Payload() event: EventEnvelope<unknown>, @Ctx() ctx: BusContext): Promise<void> {
    // idempotent on its own: the recorder claims the event in the statement that writes its alerts
    await this.recorder.record(event, ctx.getGroup());
  }
}
