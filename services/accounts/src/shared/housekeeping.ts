import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { lt } from 'drizzle-orm';
import { DB, LOGGER, type Logger } from '@vitrina/platform';
import { oneTimeCodes, refreshTokens } from '../db/schema.js';
import type { AccountsDb } from '../db/db.js';
import { Clock } from './clock.js';
import { RateCounter } from './rate-counter.js';

const EVERY_MS = 3600_000;
const DAY = 24 * 3600_000;

/** Deletes what no rule reads any more: old limit counters, codes a week past expiry, refresh tokens a day past theirs. */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly rate: RateCounter,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async run(): Promise<void> {
    try {
      const now = this.clock.now().getTime();
      await this.rate.prune();
      await this.db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now - 7 * DAY)));
      await this.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date(now - DAY)));
    } catch (err) {
      this.logger.warn({ err }, 'accounts housekeeping failed; will retry');
    }
  }
}
