import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PAYMENT_TOPIC, type EventEnvelope } from '@vitrina/contracts';
import { BusEventPattern } from '@vitrina/platform';
import { AlertRecorder } from '../alert-recorder.js';
import { ALERT_EVENT_TYPES } from '../alert-rules.js';

/** `payment` (issue 15): a failed attempt or an unpaid voucher/transfer that expired tells the shopper. */
@Controller()
export class PaymentAlertsConsumer {
  constructor(private readonly recorder: AlertRecorder) {}

  @BusEventPattern(PAYMENT_TOPIC, { types: ALERT_EVENT_TYPES.payment })
  async onPayment(@Payload() event: EventEnvelope<unknown>): Promise<void> {
    await this.recorder.record(event);
  }
}
