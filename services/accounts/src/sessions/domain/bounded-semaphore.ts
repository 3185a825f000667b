/** Raised when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFullError';
  }
}

/**
 * At most `limit` tasks at once; up to `maxQueue` more wait in order; beyond that `run` refuses at once.
 * Bounds the memory of password hashing (argon2id takes 19 MiB per hash) under a burst of log-ins.
 */
export class BoundedSemaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxQueue: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be an integer >= 1');
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError('maxQueue must be an integer >= 0');
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxQueue) throw new QueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // hands the slot over: `active` stays the same
      else this.active--;
    }
  }
}
