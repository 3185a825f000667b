import { Injectable } from '@nestjs/common';

/**
 * The service's clock (ARCHITECTURE §8: clocks are injectable). Checkout expiry reads it; tests move it forward
 * with `advance` to cross the 15-minute window without waiting.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
