import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@vitrina/platform';
import { CheckoutRepository } from '../checkout.repository.js';

/**
 * Marks checkouts whose time ran out as expired and publishes `cart.checkout.expired` (the catalogue releases their
 * stock on it; its own sweep releases a reservation even if this never runs). Every instance sweeps; a row is taken by
 * one of them (`for update skip locked`) and expires once. Reads already show 'expired' before the sweep comes.
 */
@Injectable()
export class CheckoutExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private readonly everyMs = Math.max(200, Number(process.env.CHECKOUT_SWEEP_MS ?? 10_000) || 10_000);

  constructor(
    private readonly checkouts: CheckoutRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: unknown) => this.logger.warn({ err }, 'checkout expiry sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Expires every due checkout now; returns their ids. */
  async sweep(): Promise<string[]> {
    const all: string[] = [];
    for (;;) {
      const ids = await this.checkouts.expireDue();
      all.push(...ids);
      if (ids.length < 500) return all;
    }
  }
}
