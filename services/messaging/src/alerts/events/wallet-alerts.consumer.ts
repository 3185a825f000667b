import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { WALLETS_TOPIC, type EventEnvelope } from '@vitrina/contracts';
import { BusContext, BusEventPattern } from '@vitrina/platform';
import { AlertRecorder } from '../alert-recorder.js';
import { ALERT_EVENT_TYPES } from '../alert-rules.js';

/** `wallets.dispersion` (issue 15): each wallet credit (a sale settled, a cash-out given back) tells its owner. */
@Controller()
export class WalletAlertsConsumer {
  constructor(private readonly recorder: AlertRecorder) {}

  @BusEventPattern(WALLETS_TOPIC, { types: ALERT_EVENT_TYPES.wallets, inbox: false })
  async onWallet(@Payload() event: EventEnvelope<unknown>, @Ctx() ctx: BusContext): Promise<void> {
    // idempotent on its own: the recorder claims the event in the statement that writes its alerts
    await this.recorder.record(event, ctx.getGroup());
  }
}
