import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, LOGGER, type JobQueue } from '@vitrina/platform';
import type { Logger } from 'pino';
import { CATALOGUE_CONFIG, type CatalogueConfig } from '../../shared/config.js';
import { StockReservations } from '../stock-reservations.js';

export const RESERVATION_SWEEP_JOB = 'catalogue.reservation-sweep';

export interface ReservationSweepData {
  /** The sweep period (ms since epoch / period) this run belongs to; it names the job, so each period runs once. */
  period: number;
}

/**
 * Releases reservations whose expiry passed (a crashed cart-checkout never holds stock for ever), as a job of the
 * service's queue (BullMQ in the cluster, the persisted local queue embedded): every RESERVATION_SWEEP_SECONDS each
 * instance queues the period's job (jobId `catalogue.reservation-sweep:<period>`), so one instance runs it per
 * period. A release is idempotent, so a doubled run is harmless. "Expired" is read from the catalogue's Clock, less
 * RESERVATION_SWEEP_GRACE_SECONDS: the checkout's own expiry event releases first (see StockReservations.sweep).
 */
@Injectable()
export class ReservationSweepJob implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private readonly periodMs: number;
  private readonly graceMs: number;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CATALOGUE_CONFIG) config: CatalogueConfig,
    private readonly reservations: StockReservations,
  ) {
    this.periodMs = config.reservationSweepSeconds * 1000;
    this.graceMs = config.reservationSweepGraceSeconds * 1000;
  }

  onModuleInit(): void {
    this.jobs.process<ReservationSweepData>(RESERVATION_SWEEP_JOB, async (data) => {
      const released = await this.reservations.sweep(this.graceMs);
      if (released > 0) this.logger.info({ period: data.period, released }, 'expired stock reservations released');
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureScheduled();
    this.timer = setInterval(() => void this.ensureScheduled(), this.periodMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues the current period's sweep (wall time: the queue's own delays are real time). */
  async ensureScheduled(nowMs = Date.now()): Promise<void> {
    const period = Math.floor(nowMs / this.periodMs);
    try {
      await this.jobs.add<ReservationSweepData>(
        RESERVATION_SWEEP_JOB,
        { period },
        { jobId: `${RESERVATION_SWEEP_JOB}:${period}`, attempts: 3, backoffMs: 5_000 },
      );
    } catch (err) {
      this.logger.warn({ err }, 'could not queue the reservation sweep; will try again');
    }
  }
}
