import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventEnvelope } from '@vitrina/contracts';
import { Redis, type RedisOptions } from 'ioredis';
import { deadLetterTopic, type EventBus, type EventHandler, type SubscribeOptions, type Subscription } from './event-bus.js';
import {
  abandonable,
  backoffDelay,
  deadLetterInfo,
  errorMessage,
  HandlerAbandoned,
  partitionOf,
  settledWithin,
  silentLogger,
  sleep,
  stableHash,
  withDeadLetter,
  type BusLogger,
  reportFailure,
} from './bus-support.js';

export interface RedisEventBusOptions {
  /** `redis://` URL; ignored when `redis` is given. */
  url?: string;
  /** Extra ioredis options for the connections this bus opens. */
  redisOptions?: RedisOptions;
  /** Key prefix of every stream and key (default `vitrina`). Streams are `<prefix>:<topic>:p<k>`. */
  prefix?: string;
  /**
   * Partition streams per topic (default 8). A key always maps to one partition (stable hash), and one member of a
   * group processes a partition at a time, so per-key order holds with many instances. Every process using the same
   * prefix must agree on this number.
   */
  partitions?: number;
  /** Approximate cap per partition stream (`XADD MAXLEN ~`), default 100 000 entries. */
  maxLen?: number;
  /** Handler attempts before dead-lettering, unless the subscription says otherwise (default 5). */
  maxAttempts?: number;
  /** Backoff before the second attempt; doubles after each failure (default 200 ms). */
  baseDelayMs?: number;
  /** Longest backoff (default 30 s). */
  maxDelayMs?: number;
  /** A partition lease's time to live; a crashed member's partitions move after this (default 15 s). */
  leaseMs?: number;
  /** How often leases are renewed and partitions rebalanced (default leaseMs / 3). */
  renewMs?: number;
  /** Entries pending for at least this long are reclaimed (XAUTOCLAIM) by a partition's new owner (default leaseMs). */
  claimMinIdleMs?: number;
  /** XREADGROUP BLOCK timeout (default 5 s). */
  blockMs?: number;
  /** Entries read per partition at once (default 16). */
  batchSize?: number;
  /**
   * How long the XACK of settled entries may wait for more to go with it (default 10 ms): the acknowledgements of
   * every partition of a subscription go together, one pipeline, after this or once batchSize of one partition wait.
   */
  ackDelayMs?: number;
  /** How long `close()` lets in-flight handlers finish before abandoning them (default 10 s). */
  closeGraceMs?: number;
  logger?: BusLogger;
}

type Entry = [id: string, fields: string[] | null];

/** Renews a lease only if we still hold it. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Releases a lease only if we still hold it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Event bus on Redis Streams with consumer groups (docs/architecture.md §3). Not Nest's Redis transport: that is Pub/Sub,
 * which loses every message published while a consumer is away.
 *
 * Layout, for a topic T with N partitions and prefix P:
 * - `P:T:p<k>`: a stream per partition; an event goes to partition `hash(key) % N` (XADD MAXLEN ~ cap).
 * - a Redis consumer group per (partition stream, bus group), created at id 0: a new group reads what is retained.
 * - `P:T:p<k>:lease:<group>`: which member of the group processes partition k (SET NX PX, renewed every renewMs).
 * - `P:T:members:<group>`: live members (sorted set scored by expiry), so members split partitions evenly.
 * - `P:T:attempts:<group>`: handler attempts per entry id, which survive a crash. Written only for an entry that
 *   failed once or was reclaimed from another member: a first delivery that succeeds costs no write of its own. (An
 *   entry whose handler kills the process on its first delivery is counted from its reclaim on: it is dead-lettered
 *   after at most maxAttempts + 1 deliveries.)
 *
 * A subscription that names its `types` settles the entries of other types without parsing them or calling the
 * handler. The entries a partition's worker settles in a row (handled on their first delivery, or skipped) share one
 * XACK, and a partition is read again while its worker is busy (up to batchSize entries queued): under load an event
 * costs each group a share of one XREADGROUP and one XACK.
 * One member holds a partition at a time and handles its entries sequentially, so the events of one key keep their
 * order across instances. A member that dies stops renewing; its leases expire and others take its partitions,
 * first reclaiming the dead member's pending entries with XAUTOCLAIM, then reading new ones with XREADGROUP `>`.
 * An entry is XACKed only after its handler resolved. A failing handler is retried in place with backoff (its
 * partition waits); after maxAttempts the entry is XADDed to `<topic>.dlq` and XACKed in one MULTI.
 */
export class RedisEventBus implements EventBus {
  readonly kind = 'redis' as const;
  readonly prefix: string;
  readonly partitions: number;
  private readonly subscriptions = new Set<RedisSubscription>();
  private closed = false;

  private constructor(
    readonly redis: Redis,
    readonly options: RedisEventBusOptions,
    private readonly ownsConnection: boolean,
  ) {
    this.prefix = options.prefix ?? 'vitrina';
    this.partitions = Math.max(1, options.partitions ?? 8);
  }

  /** Connects (and checks the connection) before returning; a wrong URL fails here, at start. */
  static async connect(options: RedisEventBusOptions & { redis?: Redis }): Promise<RedisEventBus> {
    const redis = options.redis ?? new Redis(options.url ?? 'redis://127.0.0.1:6379', { lazyConnect: true, ...options.redisOptions });
    const bus = new RedisEventBus(redis, options, !options.redis);
    try {
      if (redis.status === 'wait') await redis.connect();
      await redis.ping();
    } catch (err) {
      if (!options.redis) redis.disconnect();
      throw new Error(`Redis event bus: cannot reach Redis: ${errorMessage(err)}`);
    }
    return bus;
  }

  get logger(): BusLogger {
    return this.options.logger ?? silentLogger;
  }

  streamKey(topic: string, partition: number): string {
    return `${this.prefix}:${topic}:p${partition}`;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('RedisEventBus is closed');
    if (events.length === 0) return;
    // One pipeline on one connection: Redis applies the XADDs in order, so per-key order holds.
    const pipeline = this.redis.pipeline();
    for (const event of events) this.addXadd(pipeline, topic, event);
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw new Error(`Redis event bus: publish to ${topic} failed: ${errorMessage(failed?.[0] ?? 'no reply')}`);
  }

  /** Queues an XADD of `event` to its partition of `topic` on a pipeline or MULTI. */
  addXadd(chain: { call(...args: [string, ...(string | number)[]]): unknown }, topic: string, event: EventEnvelope): void {
    chain.call(
      'XADD',
      this.streamKey(topic, partitionOf(event.key, this.partitions)),
      'MAXLEN',
      '~',
      this.options.maxLen ?? 100_000,
      '*',
      'id',
      event.id,
      'type',
      event.type,
      'envelope',
      JSON.stringify(event),
    );
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('RedisEventBus is closed');
    const subscription = new RedisSubscription(this, options);
    this.subscriptions.add(subscription);
    try {
      await subscription.start();
    } catch (err) {
      this.subscriptions.delete(subscription);
      await subscription.close().catch(() => undefined);
      throw err;
    }
    return {
      close: async () => {
        await subscription.close();
        this.subscriptions.delete(subscription);
      },
    };
  }

  /**
   * What each subscription of this bus currently processes: the partitions whose lease it holds and reads.
   * For diagnostics and for tests that need a settled group.
   */
  assignments(): Array<{ topic: string; group: string; partitions: number[] }> {
    return [...this.subscriptions].map((s) => s.assignment());
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

interface Partition {
  readonly index: number;
  readonly stream: string;
  readonly lease: string;
  /** Recovering: reclaiming pending entries before reading new ones. */
  recovering: boolean;
  /** Being handed back (rebalance): not read any more, released once idle. */
  releasing: boolean;
  /** The lease was taken by someone else (we stalled past its expiry): stop after the current entry. */
  lost: boolean;
  queue: Entry[];
  worker?: Promise<void>;
}

/** One member of a consumer group: a dedicated blocking connection, leases, and a worker per owned partition. */
class RedisSubscription {
  private readonly consumer = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly owned = new Map<number, Partition>();
  private readonly handler: EventHandler;
  private readonly types?: ReadonlySet<string>;
  private readonly maxAttempts: number;
  private readonly scope = new AsyncResource('vitrina.RedisEventBus.subscription');
  /** Aborted after the close grace period: in-flight handlers are abandoned. */
  private readonly abort = new AbortController();
  /** Aborted as soon as close starts: backoff waits end at once. */
  private readonly stopSignal = new AbortController();
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly claimMinIdleMs: number;
  private readonly blockMs: number;
  private readonly batchSize: number;
  private readonly ackDelayMs: number;
  /** Settled entries waiting for their XACK, per partition (`settle`). */
  private readonly acks = new Map<Partition, string[]>();
  private ackTimer?: NodeJS.Timeout;
  private reader?: Redis;
  private readerId?: number;
  private readerBlocked = false;
  /** The partitions of the XREADGROUP in progress: a worker of one of them that ends needs no CLIENT UNBLOCK. */
  private reading: ReadonlySet<Partition> = new Set();
  private readerLoop?: Promise<void>;
  private wakeUp?: () => void;
  private woken = false;
  private tickTimer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private stopping = false;
  private closing?: Promise<void>;

  constructor(
    private readonly bus: RedisEventBus,
    private readonly sub: SubscribeOptions,
  ) {
    const o = bus.options;
    this.handler = sub.handler;
    if (sub.types) this.types = new Set(sub.types);
    this.maxAttempts = Math.max(1, sub.maxAttempts ?? o.maxAttempts ?? 5);
    this.leaseMs = o.leaseMs ?? 15_000;
    this.renewMs = o.renewMs ?? Math.max(50, Math.floor(this.leaseMs / 3));
    this.claimMinIdleMs = o.claimMinIdleMs ?? this.leaseMs;
    this.blockMs = o.blockMs ?? 5_000;
    this.batchSize = o.batchSize ?? 16;
    this.ackDelayMs = o.ackDelayMs ?? 10;
  }

  private get redis(): Redis {
    return this.bus.redis;
  }

  assignment(): { topic: string; group: string; partitions: number[] } {
    const partitions = this.stopping
      ? []
      : [...this.owned.values()].filter((p) => !p.releasing && !p.lost && !p.recovering).map((p) => p.index);
    return { topic: this.sub.topic, group: this.sub.group, partitions: partitions.sort((a, b) => a - b) };
  }

  private get log(): BusLogger {
    return this.bus.logger;
  }

  private key(suffix: string): string {
    return `${this.bus.prefix}:${this.sub.topic}:${suffix}`;
  }

  private get membersKey(): string {
    return this.key(`members:${this.sub.group}`);
  }

  private get attemptsKey(): string {
    return this.key(`attempts:${this.sub.group}`);
  }

  async start(): Promise<void> {
    // The consumer group of every partition stream, starting at 0: a new group reads what the streams retain.
    for (let p = 0; p < this.bus.partitions; p++) {
      try {
        await this.redis.call('XGROUP', 'CREATE', this.bus.streamKey(this.sub.topic, p), this.sub.group, '0', 'MKSTREAM');
      } catch (err) {
        if (!errorMessage(err).includes('BUSYGROUP')) throw err;
      }
    }
    // Blocking reads get their own connection: a blocked connection cannot serve anything else.
    this.reader = this.redis.duplicate({ lazyConnect: true });
    await this.reader.connect();
    this.readerId = Number(await this.reader.call('CLIENT', 'ID'));
    await this.tick();
    this.tickTimer = setInterval(() => {
      if (!this.ticking) this.ticking = this.tick().finally(() => (this.ticking = undefined));
    }, this.renewMs);
    this.tickTimer.unref();
    this.readerLoop = this.read();
  }

  /** Heartbeat, lease renewal, and rebalancing: runs every renewMs. */
  private async tick(): Promise<void> {
    if (this.stopping) return;
    try {
      const now = Date.now();
      const [, , count] = (await this.redis
        .multi()
        .zadd(this.membersKey, now + this.leaseMs, this.consumer)
        .zremrangebyscore(this.membersKey, '-inf', now)
        .zcard(this.membersKey)
        .pexpire(this.membersKey, this.leaseMs * 4)
        .pexpire(this.attemptsKey, 7 * 24 * 3600 * 1000)
        .exec())!.map(([err, value]) => {
        if (err) throw err;
        return value;
      }) as [unknown, unknown, number];
      const members = Math.max(1, Number(count));

      for (const part of this.owned.values()) {
        if (part.lost) continue;
        const renewed = Number(await this.redis.eval(RENEW, 1, part.lease, this.consumer, this.leaseMs));
        if (renewed !== 1) {
          part.lost = true;
          this.log.warn({ topic: this.sub.topic, group: this.sub.group, partition: part.index }, 'partition lease lost; stopping it');
          this.forget(part);
        }
      }

      const target = Math.ceil(this.bus.partitions / members);
      const active = [...this.owned.values()].filter((p) => !p.releasing && !p.lost);
      if (active.length > target) {
        // A member joined: hand back the surplus, idle partitions first.
        const surplus = active
          .sort((a, b) => Number(!!a.worker) - Number(!!b.worker) || b.index - a.index)
          .slice(0, active.length - target);
        for (const part of surplus) {
          part.releasing = true;
          this.forget(part);
        }
      } else if (active.length < target) {
        let missing = target - active.length;
        const start = stableHash(this.consumer) % this.bus.partitions;
        for (let i = 0; i < this.bus.partitions && missing > 0; i++) {
          const p = (start + i) % this.bus.partitions;
          if (this.owned.has(p)) continue;
          const lease = this.key(`p${p}:lease:${this.sub.group}`);
          const ok = await this.redis.set(lease, this.consumer, 'PX', this.leaseMs, 'NX');
          if (ok !== 'OK') continue;
          missing--;
          const part: Partition = {
            index: p,
            stream: this.bus.streamKey(this.sub.topic, p),
            lease,
            recovering: true,
            releasing: false,
            lost: false,
            queue: [],
          };
          this.owned.set(p, part);
          this.work(part);
        }
      }
    } catch (err) {
      if (!this.stopping) this.log.warn({ err, topic: this.sub.topic, group: this.sub.group }, 'redis bus maintenance failed; will retry');
    }
  }

  /** Drops a partition we no longer (should) own once its worker is idle; releases the lease if still ours. */
  private forget(part: Partition): void {
    if (part.worker) return; // the worker calls forget again when it stops
    if (this.owned.get(part.index) !== part) return;
    this.owned.delete(part.index);
    // what it settled is acknowledged before the lease goes: the next owner does not hand it over again
    if (this.acks.has(part)) void this.flushAcks();
    if (!part.lost) {
      this.redis.eval(RELEASE, 1, part.lease, this.consumer).catch(() => undefined);
    }
    this.wake();
  }

  /**
   * The blocking read loop: XREADGROUP `>` over the owned, recovered partitions whose queue has room (fewer than
   * batchSize entries waiting), busy or not: a partition is read again while its worker handles what came before, so
   * a worker that finishes does not have to interrupt the blocked read (a CLIENT UNBLOCK and a new XREADGROUP: three
   * round trips an event, the bus's main cost under load) to have its partition read again.
   */
  private async read(): Promise<void> {
    const reader = this.reader!;
    while (!this.stopping) {
      const ready = [...this.owned.values()].filter((p) => !p.recovering && !p.releasing && !p.lost && p.queue.length < this.batchSize);
      if (ready.length === 0) {
        await this.idle(this.blockMs);
        continue;
      }
      this.woken = false;
      let reply: unknown;
      try {
        this.readerBlocked = true;
        this.reading = new Set(ready);
        reply = await reader.call(
          'XREADGROUP',
          'GROUP',
          this.sub.group,
          this.consumer,
          'COUNT',
          this.batchSize,
          'BLOCK',
          this.blockMs,
          'STREAMS',
          ...ready.map((p) => p.stream),
          ...ready.map(() => '>'),
        );
      } catch (err) {
        if (this.stopping) break;
        const message = errorMessage(err);
        if (message.includes('NOGROUP')) await this.recreateGroups(ready);
        else this.log.warn({ err, topic: this.sub.topic, group: this.sub.group }, 'redis bus read failed; retrying');
        await this.idle(500);
        continue;
      } finally {
        this.readerBlocked = false;
        this.reading = new Set();
      }
      if (!reply) continue; // timed out or unblocked
      for (const [stream, entries] of parseStreams(reply)) {
        const part = ready.find((p) => p.stream === stream);
        if (!part || entries.length === 0) continue;
        part.queue.push(...entries);
        this.work(part);
      }
    }
  }

  private async recreateGroups(parts: Partition[]): Promise<void> {
    for (const part of parts) {
      await this.redis.call('XGROUP', 'CREATE', part.stream, this.sub.group, '0', 'MKSTREAM').catch(() => undefined);
    }
  }

  /** Waits for a wake-up or `ms`. */
  private idle(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Makes the reader re-evaluate its partitions now: ends an idle wait or unblocks its XREADGROUP. */
  private wake(): void {
    this.woken = true;
    if (this.wakeUp) {
      this.wakeUp();
      return;
    }
    if (!this.readerBlocked || this.readerId === undefined) return;
    const unblock = async (tries: number): Promise<void> => {
      const n = Number(await this.redis.call('CLIENT', 'UNBLOCK', this.readerId!).catch(() => 1));
      // 0: the read had not reached Redis yet; try again shortly (else it waits at most blockMs).
      if (n === 0 && this.readerBlocked && tries > 0 && !this.stopping) {
        await new Promise((r) => setTimeout(r, 5));
        return unblock(tries - 1);
      }
    };
    void unblock(20);
  }

  /**
   * Starts the partition's worker unless it runs already. When it ends with entries queued meanwhile, it starts again
   * at once (after a failure, in 200 ms); a partition that was not part of the blocked read (its queue was full, it was
   * recovering) wakes the reader.
   */
  private work(part: Partition): void {
    if (part.worker) return;
    let failed = false;
    part.worker = this.drain(part)
      .catch((err: unknown) => {
        failed = true;
        if (!(err instanceof HandlerAbandoned) && !this.stopping) {
          this.log.warn(
            { err, topic: this.sub.topic, group: this.sub.group, partition: part.index },
            'redis bus partition worker failed; will retry',
          );
        }
      })
      .finally(() => {
        part.worker = undefined;
        if (part.releasing || part.lost) this.forget(part);
        else if (!this.stopping && (part.recovering || part.queue.length > 0)) {
          if (failed) setTimeout(() => this.work(part), 200).unref();
          else this.work(part);
        } else if (!(this.readerBlocked && this.reading.has(part))) this.wake();
      });
  }

  /** Handles the partition's queue in order; what it settles (handled on a first delivery, or skipped) is acknowledged by `settle`. */
  private async drain(part: Partition): Promise<void> {
    if (part.recovering) await this.recover(part);
    while (part.queue.length > 0 && !this.stopping && !part.lost) {
      const entry = part.queue[0];
      if (this.skips(entry) || (await this.handle(part, entry, false))) this.settle(part, entry[0]);
      part.queue.shift();
    }
    if (this.stopping) part.queue.length = 0; // left pending: another member reclaims them
  }

  /** True for an entry of a type this subscription does not take (read from its `type` field, no JSON parse). */
  private skips([, fields]: Entry): boolean {
    if (!this.types || !fields) return false;
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'type') return !this.types.has(fields[i + 1]);
    return false;
  }

  /**
   * Queues the XACK of settled entries: sent within ackDelayMs with every other partition's (one pipeline, `flushAcks`),
   * at once when batchSize of this partition's wait. Until then a crash leaves them pending, and whoever reclaims them
   * hands them over again, which handlers bear anyway (delivery is at least once; the inbox, or a handler's own claim,
   * drops a repeat). Under load this makes an event's acknowledgement a share of one round trip instead of one each.
   */
  private settle(part: Partition, ...ids: string[]): void {
    if (ids.length === 0) return;
    const waiting = this.acks.get(part);
    if (waiting) waiting.push(...ids);
    else this.acks.set(part, ids);
    if ((waiting?.length ?? ids.length) >= this.batchSize) void this.flushAcks();
    else if (!this.ackTimer) {
      this.ackTimer = setTimeout(() => void this.flushAcks(), this.ackDelayMs);
      this.ackTimer.unref();
    }
  }

  /**
   * Sends the waiting acknowledgements (one XACK per partition, one pipeline). A failure leaves the entries pending, to
   * be handed over (or skipped) again when reclaimed. Commands on one connection keep their order: what is flushed
   * before a lease's release reaches Redis first.
   */
  private async flushAcks(): Promise<void> {
    clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    if (this.acks.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [part, ids] of this.acks) pipeline.xack(part.stream, this.sub.group, ...ids);
    this.acks.clear();
    const results = await pipeline.exec().catch((err: unknown) => [[err, null] as [unknown, unknown]]);
    const failure = results?.find(([err]) => err)?.[0];
    if (failure)
      this.log.warn(
        { err: failure, topic: this.sub.topic, group: this.sub.group },
        'redis bus could not acknowledge entries; they are redelivered',
      );
  }

  /**
   * A partition just taken over: handle the entries still pending in the group (delivered to a member that died or
   * left before acknowledging them), oldest first, before reading new ones. Entries delivered less than
   * claimMinIdleMs ago are left to their consumer for now and reclaimed on a later pass.
   */
  private async recover(part: Partition): Promise<void> {
    while (!this.stopping && !part.lost) {
      let cursor = '0-0';
      do {
        const reply = (await this.redis.call(
          'XAUTOCLAIM',
          part.stream,
          this.sub.group,
          this.consumer,
          this.claimMinIdleMs,
          cursor,
          'COUNT',
          this.batchSize,
        )) as [string, Entry[], string[]?];
        cursor = String(reply[0]);
        const skipped: string[] = [];
        for (const entry of reply[1] ?? []) {
          if (this.stopping || part.lost) break;
          // An entry trimmed from the stream comes back without fields: nothing to handle.
          if (!entry || !entry[1] || this.skips(entry)) {
            if (entry?.[0]) skipped.push(entry[0]);
            continue;
          }
          await this.handle(part, entry, true);
        }
        this.settle(part, ...skipped);
        if (this.stopping || part.lost) return;
      } while (cursor !== '0-0' && !this.stopping && !part.lost);
      const summary = (await this.redis.call('XPENDING', part.stream, this.sub.group)) as [number | string, ...unknown[]];
      if (Number(summary[0]) === 0) {
        part.recovering = false;
        return;
      }
      // Some entries are still too fresh to claim: wait and look again.
      await sleep(Math.max(20, Math.min(this.claimMinIdleMs, 1_000)), this.stopSignal.signal);
    }
  }

  /**
   * Handles one entry: retried in place with backoff; dead-lettered after maxAttempts. Attempts are counted in Redis
   * (they survive a crash) from the first failure on, or from the start for a `reclaimed` entry (another member, maybe
   * this process before a crash, took it before). True when the entry succeeded uncounted and waits for the caller's
   * XACK (`drain` acknowledges a run of them at once); a counted or dead-lettered entry is settled here.
   */
  private async handle(part: Partition, [id, fields]: Entry, reclaimed: boolean): Promise<boolean> {
    let event: EventEnvelope;
    try {
      event = parseEnvelope(fields);
    } catch (err) {
      await this.deadLetter(part, id, undefined, fields, 1, err);
      return false;
    }
    let counted = reclaimed;
    let attempts = 0;
    for (;;) {
      if (this.stopping) throw new HandlerAbandoned();
      attempts = counted ? Number(await this.redis.hincrby(this.attemptsKey, attemptsField(part, id), 1)) : attempts + 1;
      try {
        await abandonable(
          this.scope.runInAsyncScope(() => Promise.resolve().then(() => this.handler(event))),
          this.abort.signal,
        );
      } catch (err) {
        if (err instanceof HandlerAbandoned) throw err;
        if (attempts >= this.maxAttempts) {
          this.log.error(
            { err, topic: this.sub.topic, group: this.sub.group, eventId: event.id, attempts },
            'event handler kept failing; event dead-lettered',
          );
          await this.deadLetter(part, id, event, fields, attempts, err);
          return false;
        }
        if (!counted) {
          // From now on the count must survive a crash.
          await this.redis.hset(this.attemptsKey, attemptsField(part, id), attempts);
          counted = true;
        }
        reportFailure(this.sub.onFailure, attempts, false);
        const delay = backoffDelay(attempts, this.bus.options.baseDelayMs ?? 200, this.bus.options.maxDelayMs ?? 30_000);
        this.log.warn(
          { err, topic: this.sub.topic, group: this.sub.group, eventId: event.id, attempt: attempts, delayMs: delay },
          'event handler failed; retrying',
        );
        await sleep(delay, this.stopSignal.signal);
        continue;
      }
      if (!counted) return true;
      await this.exec(this.redis.multi().xack(part.stream, this.sub.group, id).hdel(this.attemptsKey, attemptsField(part, id)));
      return false;
    }
  }

  private async deadLetter(
    part: Partition,
    id: string,
    event: EventEnvelope | undefined,
    fields: string[] | null,
    attempts: number,
    err: unknown,
  ): Promise<void> {
    const info = deadLetterInfo(this.sub.topic, this.sub.group, attempts, err);
    const dead = event
      ? withDeadLetter(event, info)
      : withDeadLetter({ id, type: 'unparseable', version: 1, occurredAt: info.failedAt, key: id, traceId: id, data: { fields } }, info);
    const multi = this.redis.multi();
    this.bus.addXadd(multi, deadLetterTopic(this.sub.topic), dead);
    multi.xack(part.stream, this.sub.group, id).hdel(this.attemptsKey, attemptsField(part, id));
    await this.exec(multi);
    reportFailure(this.sub.onFailure, attempts, true);
  }

  private async exec(chain: { exec(): Promise<[Error | null, unknown][] | null> }): Promise<void> {
    const results = await chain.exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw failed?.[0] ?? new Error('Redis transaction aborted');
  }

  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.abort();
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.wake();
    await this.ticking?.catch(() => undefined);
    // In-flight handlers may finish (and be acknowledged) within the grace period; then they are abandoned and
    // their entries stay pending, to be reclaimed by the member that takes the partition over.
    const workers = [...this.owned.values()].flatMap((p) => (p.worker ? [p.worker] : []));
    const finished = await settledWithin(workers, this.bus.options.closeGraceMs ?? 10_000);
    if (!finished) this.abort.abort();
    await settledWithin(workers, 1_000);
    await this.flushAcks();
    this.reader?.disconnect();
    await this.readerLoop?.catch(() => undefined);
    const leases = [...this.owned.values()].filter((p) => !p.lost).map((p) => p.lease);
    this.owned.clear();
    try {
      for (const lease of leases) await this.redis.eval(RELEASE, 1, lease, this.consumer);
      await this.redis.zrem(this.membersKey, this.consumer);
    } catch (err) {
      this.log.warn({ err, topic: this.sub.topic, group: this.sub.group }, 'redis bus could not release its leases; they expire');
    }
  }
}

/** Entry ids are per stream (two partitions can both have `1700000000000-0`), so the field names the partition. */
function attemptsField(part: Partition, id: string): string {
  return `p${part.index}:${id}`;
}

function parseEnvelope(fields: string[] | null): EventEnvelope {
  if (!fields) throw new Error('entry has no fields');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'envelope') {
      const value = JSON.parse(fields[i + 1]) as EventEnvelope;
      if (!value || typeof value !== 'object' || typeof value.id !== 'string') throw new Error('entry is not an event envelope');
      return value;
    }
  }
  throw new Error('entry has no envelope field');
}

/**
 * XREADGROUP reply as `[stream, entries]` pairs. RESP2 sends an array of pairs; RESP3 sends a map, which ioredis 6
 * (its default protocol) hands over flattened (`[stream, entries, stream, entries...]`) or as an object.
 */
function parseStreams(reply: unknown): Array<[string, Entry[]]> {
  if (Array.isArray(reply)) {
    if (reply.length === 0) return [];
    if (Array.isArray(reply[0])) return reply as Array<[string, Entry[]]>;
    const pairs: Array<[string, Entry[]]> = [];
    for (let i = 0; i + 1 < reply.length; i += 2) pairs.push([String(reply[i]), reply[i + 1] as Entry[]]);
    return pairs;
  }
  if (reply && typeof reply === 'object') return Object.entries(reply as Record<string, Entry[]>);
  return [];
}
