import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { env, LOGGER, parseEnv, type Logger } from '@vitrina/platform';
import { MembershipsService } from '../memberships.service.js';

export const membershipsEnvShape = {
  /** How often each instance sweeps memberships for renewals and lapses (ms); 0 turns the sweep off (tests). */
  MEMBERSHIP_SWEEP_MS: env.int(60_000, 0, 86_400_000),
};

export const MEMBERSHIPS_CONFIG = Symbol.for('vitrina.accounts.memberships-config');
export interface MembershipsConfig {
  sweepMs: number;
}
export function loadMembershipsConfig(source: NodeJS.ProcessEnv = process.env): MembershipsConfig {
  return { sweepMs: parseEnv(membershipsEnvShape, source).MEMBERSHIP_SWEEP_MS };
}

/**
 * The monthly renewal (issue 16): every MEMBERSHIP_SWEEP_MS each instance runs `MembershipsService.sweepOnce`, which
 * moves ended periods into grace with a renewal to pay and lapses unpaid graces. The sweep is idempotent and its
 * batches skip rows another instance holds, so instances may run it together; the dates come from the service Clock.
 */
@Injectable()
export class MembershipRenewalsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    private readonly memberships: MembershipsService,
    @Inject(MEMBERSHIPS_CONFIG) private readonly config: MembershipsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.sweepMs <= 0) return;
    this.timer = setInterval(() => void this.sweep(), this.config.sweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = this.memberships
      .sweepOnce()
      .then((moved) => {
        if (moved.due || moved.lapsed) this.logger.info(moved, 'memberships: renewals due and lapses');
      })
      .catch((err: unknown) => this.logger.warn({ err }, 'membership sweep failed; the next one retries'))
      .finally(() => {
        this.sweeping = undefined;
      });
    await this.sweeping;
  }
}
