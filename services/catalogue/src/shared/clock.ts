/**
 * The time the catalogue's time rules read (reservation expiry, concluded experiences at reserve time), so tests
 * move it instead of waiting. Provided by the catalogue module; tests pass a ManualClock to createCatalogueService.
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
