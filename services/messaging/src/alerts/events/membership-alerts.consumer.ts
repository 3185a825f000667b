import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { Topics, type EventEnvelope } from '@vitrina/contracts';
import { BusContext, BusEventPattern } from '@vitrina/platform';
import { AlertRecorder } from '../alert-recorder.js';
import { ALERT_EVENT_TYPES } from '../alert-rules.js';

/** `accounts.membership` (issue 16): a package activated or renewed, a renewal to pay, a lapse tell their user. */
@Controller()
export class MembershipAlertsConsumer {
  constructor(private readonly recorder: AlertRecorder) {}

  @BusEventPattern(Topics.accountsMembership, { types: ALERT_EVENT_TYPES.memberships, inbox: false })
  async onMembership(@Payload() event: EventEnvelope<unknown>, @Ctx() ctx: BusContext): Promise<void> {
    // idempotent on its own: the recorder claims the event in the statement that writes its alerts
    await this.recorder.record(event, ctx.getGroup());
  }
}
