import { availableParallelism } from 'node:os';

/**
 * Bounds the gallery's image work (decode, resize, encode: CPU and memory heavy, a 50 MP photo takes about
 * 200 MB while it is decoded). sharp runs off the event loop in libuv's thread pool, so requests keep being
 * answered, but without a bound a burst of uploads would queue that many decodes at once and could exhaust
 * memory. At most `limit` jobs run together; the rest wait in order.
 */
export class ImageWork {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      if (next) next();
      else this.running--;
    }
  }
}
