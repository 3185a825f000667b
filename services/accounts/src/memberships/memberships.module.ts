import type { Provider, Type } from '@nestjs/common';
import { MembershipPaymentsConsumer } from './events/membership-payments.consumer.js';
import { BrokerMembershipsHttpController, PlansHttpController } from './http/memberships.http.controller.js';
import { loadMembershipsConfig, MEMBERSHIPS_CONFIG, MembershipRenewalsJob } from './jobs/membership-renewals.job.js';
import { MembershipsService } from './memberships.service.js';

/**
 * Plans, packages and memberships (issue 16), mounted into the accounts module beside the wallets (they share its
 * Clock, database, outbox and the wallets' base commission rate).
 */
export const membershipsControllers: Type<unknown>[] = [PlansHttpController, BrokerMembershipsHttpController, MembershipPaymentsConsumer];

export function membershipsProviders(env: Record<string, string | undefined> = {}): Provider[] {
  return [
    { provide: MEMBERSHIPS_CONFIG, useFactory: () => loadMembershipsConfig({ ...process.env, ...env }) },
    MembershipsService,
    MembershipRenewalsJob,
  ];
}
