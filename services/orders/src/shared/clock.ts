import { Injectable } from '@nestjs/common';
import { Clock } from '@vitrina/platform';

/**
 * The service's clock (ARCHITECTURE §8: clocks are injectable): the return deadline, the tracking sweep and ticket
 * dates read it; tests move it forward with `advance` to cross the 72-hour window without waiting.
 */
@Injectable()
export class OrdersClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
