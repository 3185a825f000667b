import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, LOGGER, type JobQueue, type Logger } from '@vitrina/platform';
import { Clock } from '../../shared/clock.js';
import { Settlements } from '../settlements.js';
import { WALLETS_CONFIG, type WalletsConfig } from '../wallets-config.js';

export const SETTLE_ORDER_JOB = 'accounts.settle-order';

/**
 * The least delay of a job: it is queued from inside the event's inbox transaction, so a job due at once could run
 * before that transaction commits and find nothing due (the sweep would still settle it, later).
 */
const SCHEDULE_GRACE_MS = 2_000;

export interface SettleOrderData {
  orderId: string;
}

/**
 * The settlement's schedule: a delayed `settle-order` job per order at its return deadline (jobId `settle:{orderId}`)
 * and per closed return (`settle:{orderId}:{returnId}`, due at once), plus a periodic sweep of every due order
 * (WALLET_SETTLE_SWEEP_MS) as the safety net. Both call the same idempotent code: the dispersion is unique per order
 * and guarded by `settled_at is null` under the row's lock, so two workers or a job enqueued twice settle once.
 */
@Injectable()
export class SettleOrderJob implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WALLETS_CONFIG) private readonly config: WalletsConfig,
    private readonly settlements: Settlements,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.process<SettleOrderData>(SETTLE_ORDER_JOB, async (data) => {
      if (typeof data?.orderId !== 'string') return;
      if (await this.settlements.settleOne(data.orderId)) return;
      // Skipped because another transaction holds the row (a sweep settling it, a refund): try again later, when it
      // is settled (a no-op) or free.
      if (await this.settlements.isDue(data.orderId)) throw new Error(`settlement of order ${data.orderId} is busy; retrying`);
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.sweepMs <= 0) return;
    this.timer = setInterval(() => void this.sweepOnce(), this.config.sweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }

  /** Queues the order's job at `dueAt` (null: now). The queue's delay is wall time, measured from the service clock. */
  async schedule(orderId: string, dueAt: Date | null, returnId?: string): Promise<void> {
    await this.enqueue(orderId, this.delayUntil(dueAt), returnId);
  }

  /** How long from now (the service clock) until `dueAt`, never less than the grace. */
  delayUntil(dueAt: Date | null): number {
    return Math.max(SCHEDULE_GRACE_MS, dueAt ? dueAt.getTime() - this.clock.now().getTime() : 0);
  }

  /** Queues the order's job `delayMs` from now (a consumer measures the delay when the event arrives). */
  async enqueue(orderId: string, delayMs: number, returnId?: string): Promise<void> {
    if (!this.config.settleJobs) return;
    const jobId = returnId ? `settle:${orderId}:${returnId}` : `settle:${orderId}`;
    try {
      await this.jobs.add<SettleOrderData>(SETTLE_ORDER_JOB, { orderId }, { jobId, delayMs, attempts: 5, backoffMs: 5_000 });
    } catch (err) {
      // The sweep settles it anyway.
      this.logger.warn({ err, orderId }, 'could not queue settle-order; the sweep will settle the order');
    }
  }

  /** One sweep, never two at once in this instance. */
  async sweepOnce(): Promise<number> {
    if (this.sweeping) return 0;
    const run = this.settlements.sweep().catch((err: unknown) => {
      this.logger.error({ err }, 'settlement sweep failed; the next one retries');
      return 0;
    });
    this.sweeping = run;
    try {
      return await run;
    } finally {
      this.sweeping = undefined;
    }
  }
}
