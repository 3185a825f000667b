/**
 * The time a service's time rules read (ARCHITECTURE §8: clocks are injectable), so tests move it instead of
 * waiting: code and reservation expiry, limits, locks, concluded experiences. A service provides `Clock` (the
 * system clock by default) and its tests pass a `ManualClock` to the service's factory.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that only moves when told to (tests). */
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date | number = Date.now()) {
    super();
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(at: Date | number): void {
    this.current = typeof at === 'number' ? at : at.getTime();
  }
}
