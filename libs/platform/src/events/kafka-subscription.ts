import { AsyncResource } from 'node:async_hooks';
import type { EventEnvelope } from '@vitrina/contracts';
import { Consumer, type GroupAssignment, type Message, type MessagesStream } from '@platformatic/kafka';
import { deadLetterTopic, type SubscribeOptions } from './event-bus.js';
import {
  abandonable,
  backoffDelay,
  deadLetterInfo,
  errorMessage,
  HandlerAbandoned,
  settledWithin,
  sleep,
  withDeadLetter,
  type BusLogger,
  reportFailure,
} from './bus-support.js';
import { coalesceRejoins } from './kafka-join-guard.js';
import { KafkaHeaderNames, type KafkaClientSettings, type KafkaEventBusOptions } from './kafka-settings.js';

type KafkaMessage = Message<string, string, string, string>;
type KafkaConsumer = Consumer<string, string, string, string>;
type KafkaStream = MessagesStream<string, string, string, string>;

/** What a subscription needs from its bus: settings, logger, and a way to publish (dead letters). */
export interface KafkaSubscriptionHost {
  readonly options: KafkaEventBusOptions;
  readonly settings: KafkaClientSettings;
  readonly logger: BusLogger;
  sendEnvelope(topic: string, event: EventEnvelope, extraHeaders?: Record<string, string>): Promise<void>;
}

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** One partition's work queue: its messages run one after another, in offset order. */
interface Lane {
  tail: Promise<void>;
  /** Next offset this member has not handled yet, while it keeps owning the partition (duplicates are skipped). */
  next?: bigint;
  /** The last handled message, when its commit waits for a rebalance to end. */
  deferred?: KafkaMessage;
}

/**
 * One `subscribe()` on Kafka: a consumer in the group `<group>.<topic>` reading from the group's committed offsets
 * (a new group starts at the earliest retained offset). The client fetches and heartbeats on its own; messages go
 * into one lane per partition, so a partition is handled strictly in order while partitions run side by side, and
 * fetching pauses while `maxPendingMessages` wait. A message's offset is committed only after its handler resolved
 * (or it was dead-lettered). A failing handler is retried in place with backoff (its partition waits), then the
 * message goes to `<topic>.dlq`.
 *
 * A message whose turn comes during a rebalance waits for its outcome: if this member lost the partition it is
 * dropped unhandled (the new owner fetches it from the committed offset), else it is handled. The client fetches a
 * kept partition again from the committed offset; what this member already handled is skipped.
 * A consumer that fails (stream error, failed rejoin) is replaced by a new one with backoff: a service must not
 * silently stop consuming.
 */
export class KafkaSubscription {
  private consumer?: KafkaConsumer;
  private stream?: KafkaStream;
  /** Partitions of the last group join; undefined while (re)joining. */
  private partitions?: number[];
  /** Resolved (and replaced) whenever the assignment or the consumer changes: lanes waiting out a rebalance wake. */
  private assignmentChanged = signal();
  private readonly lanes = new Map<number, Lane>();
  private readonly active = new Set<Promise<void>>();
  private readonly maxAttempts: number;
  private readonly maxPending: number;
  private pending = 0;
  private paused = false;
  private restarts = 0;
  private restartTimer?: NodeJS.Timeout;
  private stopping = false;
  /** Set once `open` succeeded: from then on a failed consumer is replaced (before, `open` retries or throws). */
  private running = false;
  private closing?: Promise<void>;
  private readonly scope = new AsyncResource('vitrina.KafkaEventBus.subscription');
  /** Aborted after the close grace period: an in-flight handler is abandoned, its offset left uncommitted. */
  private readonly abort = new AbortController();
  /** Aborted as soon as close starts: backoff waits end at once. */
  private readonly stopSignal = new AbortController();

  constructor(
    private readonly host: KafkaSubscriptionHost,
    private readonly sub: SubscribeOptions,
  ) {
    this.maxAttempts = Math.max(1, sub.maxAttempts ?? host.options.maxAttempts ?? 5);
    this.maxPending = Math.max(1, host.options.maxPendingMessages ?? 256);
  }

  assignment(): { topic: string; group: string; partitions: number[] | undefined } {
    return { topic: this.sub.topic, group: this.sub.group, partitions: this.stopping ? undefined : this.partitions };
  }

  /**
   * Joins the group and starts consuming: resolves once this member has its assignment. A failed join (a broker
   * restarting, a group whose rebalance went wrong) is tried again with backoff (0.25 s doubling to 2 s, with jitter)
   * for up to `joinDeadlineMs` before `subscribe` gives up; once running, a failed consumer is replaced for as long as
   * the subscription lives (`crashed`).
   *
   * A count of attempts was not enough (3, then 5, both failed in CI on 2026-11-27): librdkafka's mock cluster ends a
   * group's sync as soon as the leader's SyncGroup has assigned every member, so a follower whose own SyncGroup
   * arrives after the leader's is refused (INVALID_REQUEST, where a real broker answers it with its assignment). On a
   * busy machine the newcomer lost that race round after round; each try is a new round, and the jitter keeps the
   * tries from lining up with the leader's heartbeat.
   */
  async open(joinDeadlineMs = 30_000): Promise<void> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.start();
        this.running = true;
        return;
      } catch (err) {
        const failed = this.consumer;
        this.consumer = undefined;
        if (failed) await closeConsumer(failed, this.host.logger);
        const delay = Math.round(backoffDelay(attempt, 250, 2_000) * (0.5 + Math.random()));
        if (this.stopping || Date.now() - started + delay > joinDeadlineMs) throw err;
        this.host.logger.warn(
          { err, topic: this.sub.topic, group: this.sub.group, attempt, delayMs: delay },
          'kafka consumer could not join its group; trying again',
        );
        await sleep(delay, this.stopSignal.signal).catch(() => undefined);
      }
    }
  }

  private async start(): Promise<void> {
    const settings = this.host.settings.consumer(this.sub.group, this.sub.topic);
    const consumer = new Consumer(settings);
    this.consumer = consumer;
    consumer.on('consumer:group:join', (e: { assignments?: GroupAssignment[] }) => {
      if (consumer === this.consumer) this.assigned(consumer, e.assignments);
    });
    consumer.on('consumer:group:rebalance', () => {
      if (consumer === this.consumer) this.partitions = undefined;
    });
    // A failed rejoin is emitted as 'error' (an EventEmitter without a listener would throw it out of the process).
    consumer.on('error', (err: Error) => this.crashed(consumer, err));
    coalesceRejoins(consumer, (settings.rebalanceTimeout ?? 60_000) + 5_000);
    const stream = await consumer.consume({ topics: [this.sub.topic], ...this.host.settings.stream });
    if (this.stopping || consumer !== this.consumer) {
      stream.on('error', () => undefined); // closing anyway
      await stream.close().catch(() => undefined);
      return; // closed (or replaced) while joining: stop() closes the consumer
    }
    this.restarts = 0;
    this.stream = stream;
    stream.on('data', (message: KafkaMessage) => this.enqueue(consumer, message));
    stream.on('error', (err: Error) => this.crashed(consumer, err));
    stream.on('close', () => {
      if (stream === this.stream) this.crashed(consumer, new Error('the message stream ended'));
    });
  }

  private assigned(consumer: KafkaConsumer, assignments: GroupAssignment[] | undefined): void {
    const mine = [...(assignments?.find((a) => a.topic === this.sub.topic)?.partitions ?? [])].sort((a, b) => a - b);
    this.partitions = mine;
    // The client keeps a fetch position for every partition of the topic and, on a later assignment, replaces it
    // only with a committed offset: a partition that came back before anyone committed on it would resume after
    // what this member had fetched (and maybe never handled). Without a position it starts from the committed
    // offset, or else the earliest.
    const positions = this.stream?.offsetsToFetch;
    for (const key of positions?.keys() ?? []) {
      const [topic, partition] = [key.slice(0, key.lastIndexOf(':')), Number(key.slice(key.lastIndexOf(':') + 1))];
      if (topic === this.sub.topic && !mine.includes(partition)) positions!.delete(key);
    }
    this.wakeLanes();
    for (const [partition, lane] of this.lanes) {
      const deferred = lane.deferred;
      lane.deferred = undefined;
      if (!mine.includes(partition)) {
        // Moved away (it may come back later): start again from the committed offset; the new owner commits.
        lane.next = undefined;
      } else if (deferred) {
        // Still ours: commit what was handled during the rebalance, in the partition's order.
        lane.tail = lane.tail.then(() => this.commit(consumer, deferred, lane));
      }
    }
  }

  private wakeLanes(): void {
    const changed = this.assignmentChanged;
    this.assignmentChanged = signal();
    changed.resolve();
  }

  /**
   * Whether `consumer` (still the subscription's) owns `partition`. During a rebalance it waits for the new
   * assignment rather than dropping the message: the client re-fetches a kept partition only from its committed
   * offset, and a partition nobody has committed on yet would not be fetched again at all.
   */
  private async owns(consumer: KafkaConsumer, partition: number): Promise<boolean> {
    while (!this.partitions) {
      if (this.stopping || consumer !== this.consumer) return false;
      await this.assignmentChanged.promise;
    }
    return !this.stopping && consumer === this.consumer && this.partitions.includes(partition);
  }

  private lane(partition: number): Lane {
    let lane = this.lanes.get(partition);
    if (!lane) {
      lane = { tail: Promise.resolve() };
      this.lanes.set(partition, lane);
    }
    return lane;
  }

  private enqueue(consumer: KafkaConsumer, message: KafkaMessage): void {
    const lane = this.lane(message.partition);
    if (++this.pending >= this.maxPending && !this.paused) {
      this.paused = true;
      this.stream?.pause();
    }
    lane.tail = lane.tail
      .then(() => {
        const work = this.process(consumer, message, lane);
        this.active.add(work);
        return work.finally(() => this.active.delete(work));
      })
      .catch((err: unknown) =>
        this.host.logger.error({ err, topic: message.topic, partition: message.partition }, 'kafka message handling failed'),
      )
      .finally(() => {
        if (--this.pending <= this.maxPending / 2 && this.paused) {
          this.paused = false;
          this.stream?.resume();
        }
      });
  }

  private async process(consumer: KafkaConsumer, message: KafkaMessage, lane: Lane): Promise<void> {
    // Closing, replaced, or no longer this member's partition: leave it uncommitted for the partition's owner.
    if (!(await this.owns(consumer, message.partition))) return;
    if (lane.next !== undefined && message.offset < lane.next) return; // fetched again after a rejoin: handled already
    const { topic, partition, offset } = message;
    const origin = `${topic}/${partition}/${offset}`;
    let event: EventEnvelope;
    try {
      event = JSON.parse(message.value ?? 'null') as EventEnvelope;
      if (!event || typeof event !== 'object' || typeof event.id !== 'string') throw new Error('message is not an event envelope');
    } catch (err) {
      const unparseable: EventEnvelope = {
        id: origin,
        type: 'unparseable',
        version: 1,
        occurredAt: new Date().toISOString(),
        key: message.key ?? origin,
        traceId: origin,
        data: { raw: message.value ?? '' },
      };
      if (!(await this.deadLetter(unparseable, 1, err, origin))) return;
      lane.next = offset + 1n;
      await this.commit(consumer, message, lane);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await abandonable(
          this.scope.runInAsyncScope(() => Promise.resolve().then(() => this.sub.handler(event))),
          this.abort.signal,
        );
        break;
      } catch (err) {
        if (err instanceof HandlerAbandoned) return; // not committed: redelivered to the partition's next owner
        if (attempt >= this.maxAttempts) {
          this.host.logger.error(
            { err, topic, group: this.sub.group, eventId: event.id, attempts: attempt },
            'event handler kept failing; event dead-lettered',
          );
          if (!(await this.deadLetter(event, attempt, err, origin))) return;
          break;
        }
        reportFailure(this.sub.onFailure, attempt, false);
        const delay = backoffDelay(attempt, this.host.options.baseDelayMs ?? 200, this.host.options.maxDelayMs ?? 30_000);
        this.host.logger.warn(
          { err, topic, group: this.sub.group, eventId: event.id, attempt, delayMs: delay },
          'event handler failed; retrying',
        );
        try {
          // No heartbeats to send by hand: the client heartbeats on its own while a handler waits.
          await sleep(delay, this.stopSignal.signal);
        } catch {
          return; // closing: not committed
        }
      }
    }
    lane.next = offset + 1n;
    await this.commit(consumer, message, lane);
  }

  /** Publishes to `<topic>.dlq`, retrying with backoff until it works; false when closing stopped it. */
  private async deadLetter(event: EventEnvelope, attempts: number, err: unknown, origin: string): Promise<boolean> {
    const info = deadLetterInfo(this.sub.topic, this.sub.group, attempts, err);
    const headers = {
      [KafkaHeaderNames.deadLetterError]: info.error.slice(0, 500),
      [KafkaHeaderNames.deadLetterGroup]: info.group,
      [KafkaHeaderNames.deadLetterAttempts]: String(attempts),
      [KafkaHeaderNames.deadLetterOrigin]: origin,
    };
    for (let failures = 1; ; failures++) {
      try {
        await this.host.sendEnvelope(deadLetterTopic(this.sub.topic), withDeadLetter(event, info), headers);
        reportFailure(this.sub.onFailure, attempts, true);
        return true;
      } catch (sendError) {
        if (this.stopping) return false;
        const delay = backoffDelay(failures, 1_000, 30_000);
        this.host.logger.error(
          { err: sendError, topic: deadLetterTopic(this.sub.topic), eventId: event.id, delayMs: delay },
          'dead-letter publish failed; retrying',
        );
        try {
          await sleep(delay, this.stopSignal.signal);
        } catch {
          return false;
        }
      }
    }
  }

  private async commit(consumer: KafkaConsumer, message: KafkaMessage, lane: Lane): Promise<void> {
    if (consumer !== this.consumer) return;
    if (!this.partitions) {
      // A rebalance is under way: a commit now is refused, and the client answers that by joining the group a
      // second time, which restarts the rebalance. Commit once the join settles, if the partition is still ours.
      lane.deferred = message;
      return;
    }
    // Revoked while its handler ran: the new owner fetched it again from the committed offset and commits its own
    // progress; committing here (the client commits with its current generation) could move that offset back.
    if (!this.partitions.includes(message.partition)) return;
    if (lane.deferred && lane.deferred.offset <= message.offset) lane.deferred = undefined;
    try {
      // The client retries a refused or failed commit itself (`retries`, `retryDelay`), rejoining when the group asks.
      await consumer.commit({
        offsets: [{ topic: message.topic, partition: message.partition, offset: message.offset + 1n, leaderEpoch: message.leaderEpoch }],
      });
    } catch (err) {
      // Still refused (a rebalance moved the partition, or the broker stays away): the partition's owner fetches the
      // message again from the last committed offset (at least once; the consumer's inbox drops the duplicate).
      this.host.logger.warn(
        { err, topic: message.topic, partition: message.partition, offset: String(message.offset), group: this.sub.group },
        'offset commit failed; the message may be delivered again',
      );
    }
  }

  private crashed(consumer: KafkaConsumer, cause: Error): void {
    if (!this.running || this.stopping || consumer !== this.consumer || this.restartTimer) return;
    this.partitions = undefined;
    this.stream = undefined;
    const delay = backoffDelay(++this.restarts, 1_000, 30_000);
    this.host.logger.error(
      { err: cause, topic: this.sub.topic, group: this.sub.group, delayMs: delay },
      'kafka consumer failed; replacing it',
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.consumer = undefined;
      this.wakeLanes();
      for (const lane of this.lanes.values()) lane.next = undefined;
      void closeConsumer(consumer)
        .then(() => this.start())
        .catch((err: unknown) => {
          const next = this.consumer;
          if (next) this.crashed(next, err instanceof Error ? err : new Error(errorMessage(err)));
        });
    }, delay);
  }

  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.abort();
    this.wakeLanes();
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const finished = await settledWithin([...this.active], this.host.options.closeGraceMs ?? 10_000);
    if (!finished) this.abort.abort();
    // Closing leaves the group, so the partitions move to the other members at once, from the committed offsets.
    const consumer = this.consumer;
    this.stream = undefined;
    if (consumer) await closeConsumer(consumer, this.host.logger);
  }
}

/** Closes a consumer and its streams (leaving its group), bounded: a broker that is gone must not hang a shutdown. */
async function closeConsumer(consumer: KafkaConsumer, logger?: BusLogger): Promise<void> {
  const closed = consumer.close(true).catch((err: unknown) => logger?.warn({ err }, 'kafka consumer close failed'));
  if (!(await settledWithin([closed], 15_000))) logger?.warn({}, 'kafka consumer close timed out');
}
