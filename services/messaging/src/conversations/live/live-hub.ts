import { randomUUID } from 'node:crypto';
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

  /**
   * Listens for the user's events on this instance; resolves, with the unsubscribe, once every instance that may
   * publish for the user knows of the listener (at once here; `RedisLiveHub` announces it first).
   */
  async listen(userId: string, listener: LiveListener): Promise<() => void> {
    return this.subscribe(userId, listener);
  }

  /** Listens for the user's events on this instance; returns the unsubscribe. */
  subscribe(userId: string, listener: LiveListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) {
        this.listeners.delete(userId);
        this.lastClosed(userId);
      }
    };
  }

  /** The user's last listener here went away. */
  protected lastClosed(_userId: string): void {}

  /** The users with a listener here. */
  protected users(): string[] {
    return [...this.listeners.keys()];
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

/** Where instances tell each other whose streams they hold: `<REDIS_PREFIX>:messaging:live:streams`. */
export function streamsChannel(redisPrefix: string): string {
  return `${liveChannel(redisPrefix)}:streams`;
}

/**
 * What an instance announces on the streams channel: a user's first stream opened here (`open`), their last one closed
 * (`close`), every user it holds (`all`: periodically, and in answer to a newcomer's `hello`), and its exit (`bye`).
 */
type StreamsNotice =
  | { op: 'open' | 'close'; from: string; userId: string }
  | { op: 'all'; from: string; users: string[] }
  | { op: 'hello' | 'bye'; from: string };

export interface RedisLiveHubOptions {
  /** How often an instance announces every user it holds; default 30 s. */
  syncMs?: number;
  /** An instance not heard from for this long is forgotten (it crashed without a `bye`); default 2.5 × syncMs. */
  forgetMs?: number;
  /** After start, how long every user counts as listened to while the other instances answer `hello`; default 2 s. */
  warmupMs?: number;
}

/**
 * Cluster mode (several messaging instances behind the gateway): Redis pub/sub on one channel, so a stream held by
 * instance B gets a message sent through instance A. Every instance receives every event and delivers it to the
 * streams it holds.
 *
 * An event is published only when some instance holds a stream of its user (`wants`): each instance announces on a
 * second channel whose streams it holds (`StreamsNotice`), so a send to someone with no page open anywhere (most sends)
 * costs no read of the conversation and no Redis traffic. A stream's user is announced, and Redis has taken the
 * announcement, before the stream answers (`listen`), so every instance knows of it before its client can act on it.
 * A newcomer asks the others (`hello`) and meanwhile, for `warmupMs`, wants every user; an instance that died without
 * its `bye` is forgotten after `forgetMs` without an announcement (they repeat every `syncMs`). Publishing stays best
 * effort: a lost event costs the web a poll.
 */
export class RedisLiveHub extends LiveHub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private connecting: Promise<void> | undefined;

  private readonly channel: string;
  private readonly streamsChannel: string;
  private readonly id = randomUUID();
  /** Other instances: the users whose streams they hold, and when they were last heard from. */
  private readonly others = new Map<string, { users: Set<string>; heardAt: number }>();
  /** For each user, how many other instances hold a stream of theirs. */
  private readonly elsewhere = new Map<string, number>();
  private warmUntil = Number.POSITIVE_INFINITY;
  private syncTimer: NodeJS.Timeout | undefined;
  private readonly syncMs: number;
  private readonly forgetMs: number;
  private readonly warmupMs: number;

  constructor(
    url: string,
    redisPrefix: string,
    private readonly logger: Logger,
    options: RedisLiveHubOptions = {},
  ) {
    super();
    this.channel = liveChannel(redisPrefix);
    this.streamsChannel = streamsChannel(redisPrefix);
    this.syncMs = options.syncMs ?? 30_000;
    this.forgetMs = options.forgetMs ?? Math.round(this.syncMs * 2.5);
    this.warmupMs = options.warmupMs ?? 2_000;
    const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
    this.pub = new Redis(url, redisOptions);
    this.sub = new Redis(url, redisOptions);
    for (const client of [this.pub, this.sub])
      client.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'live hub: redis error'));
    // back after a lost connection (ioredis subscribes again by itself): what was announced meanwhile was missed, and
    // the others may have forgotten this instance
    this.sub.on('ready', () => {
      if (this.syncTimer === undefined) return; // the first connection: ready() greets
      this.warmUntil = Date.now() + this.warmupMs;
      this.announce({ op: 'hello', from: this.id })
        .then(() => this.announce({ op: 'all', from: this.id, users: this.users() }))
        .catch(() => undefined);
    });
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel === this.streamsChannel) return this.heard(raw);
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
   * streams wait for it so none misses an event sent after it opened. Then greets the other instances.
   */
  override ready(): Promise<void> {
    this.connecting ??= (async () => {
      // a client still retrying after a failed start fails this at once, rather than queueing the subscription
      await Promise.all(
        [this.pub, this.sub].map((client) => {
          if (client.status === 'wait') return client.connect();
          if (client.status === 'ready') return Promise.resolve();
          return Promise.reject(new Error(`redis is ${client.status}`));
        }),
      );
      await this.sub.subscribe(this.channel, this.streamsChannel);
      this.warmUntil = Date.now() + this.warmupMs;
      await this.announce({ op: 'hello', from: this.id });
      this.syncTimer ??= setInterval(() => this.sync(), this.syncMs);
      this.syncTimer.unref();
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

  /** A stream of the user here or on another instance, as announced (every user while this instance warms up). */
  override wants(userId: string): boolean {
    return super.wants(userId) || this.elsewhere.has(userId) || Date.now() < this.warmUntil;
  }

  /**
   * Adds the listener, then announces the user's first stream here and waits until Redis has taken the announcement
   * (added first, so a last stream closing meanwhile does not announce the user gone). Redis unreachable: the listener
   * still gets what this instance publishes.
   */
  override async listen(userId: string, listener: LiveListener): Promise<() => void> {
    const first = !super.wants(userId);
    const unsubscribe = this.subscribe(userId, listener);
    if (first) {
      try {
        await this.ready();
        await this.announce({ op: 'open', from: this.id, userId });
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'live hub: stream not announced; the web polls');
      }
    }
    return unsubscribe;
  }

  protected override lastClosed(userId: string): void {
    void this.announce({ op: 'close', from: this.id, userId }).catch(() => undefined);
  }

  private async announce(notice: StreamsNotice): Promise<void> {
    await this.pub.publish(this.streamsChannel, JSON.stringify(notice));
  }

  private sync(): void {
    const now = Date.now();
    for (const [instance, known] of this.others) if (now - known.heardAt > this.forgetMs) this.forget(instance);
    if (this.pub.status !== 'ready') return;
    this.announce({ op: 'all', from: this.id, users: this.users() }).catch((err: Error) =>
      this.logger.warn({ err: err.message }, 'live hub: streams not announced'),
    );
  }

  private heard(raw: string): void {
    let notice: StreamsNotice;
    try {
      notice = JSON.parse(raw) as StreamsNotice;
    } catch {
      return;
    }
    if (!notice || typeof notice.from !== 'string' || notice.from === this.id) return;
    switch (notice.op) {
      case 'hello':
        this.known(notice.from);
        void this.announce({ op: 'all', from: this.id, users: this.users() }).catch(() => undefined);
        return;
      case 'bye':
        this.forget(notice.from);
        return;
      case 'all': {
        if (!Array.isArray(notice.users)) return;
        this.forget(notice.from);
        const known = this.known(notice.from);
        for (const userId of notice.users) if (typeof userId === 'string') this.add(known.users, userId);
        return;
      }
      case 'open':
        if (typeof notice.userId === 'string') this.add(this.known(notice.from).users, notice.userId);
        return;
      case 'close': {
        const known = this.known(notice.from);
        if (typeof notice.userId === 'string' && known.users.delete(notice.userId)) this.drop(notice.userId);
        return;
      }
    }
  }

  private known(instance: string): { users: Set<string>; heardAt: number } {
    let known = this.others.get(instance);
    if (!known) this.others.set(instance, (known = { users: new Set(), heardAt: 0 }));
    known.heardAt = Date.now();
    return known;
  }

  private add(users: Set<string>, userId: string): void {
    if (users.has(userId)) return;
    users.add(userId);
    this.elsewhere.set(userId, (this.elsewhere.get(userId) ?? 0) + 1);
  }

  private drop(userId: string): void {
    const n = (this.elsewhere.get(userId) ?? 0) - 1;
    if (n > 0) this.elsewhere.set(userId, n);
    else this.elsewhere.delete(userId);
  }

  private forget(instance: string): void {
    const known = this.others.get(instance);
    if (!known) return;
    this.others.delete(instance);
    for (const userId of known.users) this.drop(userId);
  }

  override async close(): Promise<void> {
    clearInterval(this.syncTimer);
    if (this.pub.status === 'ready') await this.announce({ op: 'bye', from: this.id }).catch(() => undefined);
    await super.close();
    // a client still retrying (Redis down) is cut, not asked to quit: it would go on reconnecting
    await Promise.allSettled(
      [this.sub, this.pub].map((client) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()))),
    );
  }
}
