import { Redis } from 'ioredis';
import type { Conversation, LiveMessageEvent } from '@vitrina/contracts';
import type { Logger } from '@vitrina/platform';

/** What a user's live stream receives (the SSE `event:` name and its JSON `data:`). */
export type LiveEvent = { event: 'message'; data: LiveMessageEvent } | { event: 'conversation'; data: Conversation };

export type LiveListener = (event: LiveEvent) => void;

/**
 * Fans a committed change out to the streams a user has open. `publish` is best effort: a lost event costs the web a
 * poll (it polls as fallback), never a message, which is already committed when it is published.
 */
export abstract class LiveHub {
  private readonly listeners = new Map<string, Set<LiveListener>>();

  abstract publish(userId: string, event: LiveEvent): Promise<void>;

  /** Whether an event for the user may reach a stream (a stream here, or, with Redis, maybe on another instance). */
  wants(userId: string): boolean {
    return this.listeners.has(userId);
  }

  /** Resolves once events published from now on reach this instance's streams. */
  ready(): Promise<void> {
    return Promise.resolve();
  }

  /** Listens for the user's events on this instance; returns the unsubscribe. */
  subscribe(userId: string, listener: LiveListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** The number of streams open on this instance (diagnostics, tests). */
  get streams(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  protected deliver(userId: string, event: LiveEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch {
        // a stream that cannot take the event is closing; the others still get it
      }
    }
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** Embedded mode (one process): in-process delivery. */
export class MemoryLiveHub extends LiveHub {
  async publish(userId: string, event: LiveEvent): Promise<void> {
    this.deliver(userId, event);
  }
}

/**
 * The channel every messaging instance of a stack listens on, `<REDIS_PREFIX>:messaging:live` (two stacks sharing a
 * Redis keep apart, as their streams and queues do): `{ userId, event }` JSON.
 */
export function liveChannel(redisPrefix: string): string {
  return `${redisPrefix}:messaging:live`;
}

/**
 * Cluster mode (several messaging instances behind the gateway): Redis pub/sub on one channel, so a stream held by
 * instance B gets a message sent through instance A. Every instance receives every event and delivers it to the
 * streams it holds.
 */
export class RedisLiveHub extends LiveHub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private connecting: Promise<void> | undefined;

  private readonly channel: string;

  constructor(
    url: string,
    redisPrefix: string,
    private readonly logger: Logger,
  ) {
    super();
    this.channel = liveChannel(redisPrefix);
    const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    for (const client of [this.pub, this.sub])
      client.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'live hub: redis error'));
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const { userId, event } = JSON.parse(raw) as { userId: string; event: LiveEvent };
        if (typeof userId === 'string' && event) this.deliver(userId, event);
      } catch {
        this.logger.warn({ channel }, 'live hub: unreadable event dropped');
      }
    });
  }

  /**
   * Connects and subscribes (once; again after a failure, ioredis resubscribing by itself after a reconnect): the
   * streams wait for it so none misses an event sent after it opened.
   */
  override ready(): Promise<void> {
    this.connecting ??= (async () => {
      await Promise.all([this.pub, this.sub].map((client) => (client.status === 'wait' ? client.connect() : Promise.resolve())));
      await this.sub.subscribe(this.channel);
    })().catch((err: unknown) => {
      this.connecting = undefined;
      throw err;
    });
    return this.connecting;
  }

  async publish(userId: string, event: LiveEvent): Promise<void> {
    await this.ready();
    await this.pub.publish(this.channel, JSON.stringify({ userId, event }));
  }

  /** Streams may be open on any instance. */
  override wants(_userId: string): boolean {
    return true;
  }

  override async close(): Promise<void> {
    await super.close();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
