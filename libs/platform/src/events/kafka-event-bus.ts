import { AsyncResource } from 'node:async_hooks';
import type { EventEnvelope } from '@vitrina/contracts';
import {
  Kafka,
  logLevel as KafkaLogLevel,
  type Admin,
  type Consumer,
  type ConsumerConfig,
  type ConsumerRunConfig,
  type EachMessagePayload,
  type KafkaConfig,
  type LogEntry,
  type Message,
  type Producer,
  type ProducerConfig,
} from 'kafkajs';
import { deadLetterTopic, type EventBus, type SubscribeOptions, type Subscription } from './event-bus.js';
import {
  abandonable,
  backoffDelay,
  deadLetterInfo,
  errorMessage,
  HandlerAbandoned,
  settledWithin,
  silentLogger,
  sleep,
  withDeadLetter,
  type BusLogger,
} from './bus-support.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /**
   * Idempotent producer (default true, as in production). Only turned off against librdkafka's mock cluster, whose
   * metadata names controller 0 so InitProducerId fails there (TOOLCHAIN.md).
   */
  idempotent?: boolean;
  /** Handler attempts before dead-lettering, unless the subscription says otherwise (default 5). */
  maxAttempts?: number;
  /** Backoff before the second attempt; doubles after each failure (default 200 ms). */
  baseDelayMs?: number;
  /** Longest backoff (default 30 s). */
  maxDelayMs?: number;
  /** Consumer group session timeout (kafkajs default 30 s; tests use ~3 s). */
  sessionTimeout?: number;
  /** Consumer group rebalance timeout (kafkajs default 60 s; tests use ~3 s). */
  rebalanceTimeout?: number;
  /** Heartbeat interval (default sessionTimeout / 10). */
  heartbeatInterval?: number;
  /** Longest wait of a fetch with no data (kafkajs default 5 s). */
  maxWaitTimeInMs?: number;
  /**
   * Where a new consumer group starts: true (default) reads the topic from its earliest retained offset, so a group
   * created after events were published still receives them (as on the memory and Redis adapters).
   */
  fromBeginning?: boolean;
  /** Partitions of one subscription handled concurrently; each partition stays sequential (default 1). */
  partitionsConsumedConcurrently?: number;
  /** How long `close()` lets an in-flight handler finish before abandoning it uncommitted (default 10 s). */
  closeGraceMs?: number;
  /** kafkajs connection retry settings (its defaults otherwise). */
  retry?: KafkaConfig['retry'];
  /** Connection timeout in ms (kafkajs default 1 s). */
  connectionTimeout?: number;
  logger?: BusLogger;
}

/** The exact client settings the adapter uses; exported so a unit test pins the production ones. */
export interface KafkaClientSettings {
  client: KafkaConfig;
  producer: ProducerConfig;
  /** `acks` for every send: -1 = all in-sync replicas. */
  acks: -1;
  /** Consumer settings of one subscription: bus group `group` on `topic` (Kafka group `kafkaGroupId(group, topic)`). */
  consumer(group: string, topic: string): ConsumerConfig;
  run: Pick<ConsumerRunConfig, 'autoCommit' | 'partitionsConsumedConcurrently'>;
  subscribe: { fromBeginning: boolean };
}

/**
 * Producer: idempotent (no duplicates or reordering from its own retries), one request in flight (order kept per
 * partition even on retry), acks from all in-sync replicas. Consumers: one group per service, commit only after
 * the handler resolved (`autoCommit: false`).
 */
export function kafkaClientSettings(options: KafkaEventBusOptions): KafkaClientSettings {
  const idempotent = options.idempotent ?? true;
  const sessionTimeout = options.sessionTimeout ?? 30_000;
  return {
    client: {
      clientId: options.clientId,
      brokers: options.brokers,
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.connectionTimeout ? { connectionTimeout: options.connectionTimeout } : {}),
    },
    producer: {
      idempotent,
      maxInFlightRequests: 1,
      // Topics are created by operators (infra/) with their partition counts; never implicitly with defaults.
      allowAutoTopicCreation: false,
    },
    acks: -1,
    consumer: (group, topic) => ({
      groupId: kafkaGroupId(group, topic),
      sessionTimeout,
      rebalanceTimeout: options.rebalanceTimeout ?? 60_000,
      heartbeatInterval: options.heartbeatInterval ?? Math.max(100, Math.floor(sessionTimeout / 10)),
      ...(options.maxWaitTimeInMs ? { maxWaitTimeInMs: options.maxWaitTimeInMs } : {}),
      allowAutoTopicCreation: false,
    }),
    run: { autoCommit: false, partitionsConsumedConcurrently: Math.max(1, options.partitionsConsumedConcurrently ?? 1) },
    subscribe: { fromBeginning: options.fromBeginning ?? true },
  };
}

/**
 * The Kafka consumer group of a bus group on one topic: `<group>.<topic>`, e.g. `store.catalogue.item`.
 *
 * Not the bus group alone: each subscription is its own consumer, and in a Kafka group whose members subscribe to
 * different topics, kafkajs's leader assigns only the partitions of the topics it subscribes to itself (and may
 * hand them to members that did not subscribe to them), so a service consuming two topics in one group would leave
 * one of them unconsumed. One Kafka group per (service, topic) also confines rebalances to that topic.
 */
export function kafkaGroupId(group: string, topic: string): string {
  return `${group}.${topic}`;
}

/** Header names set on every message (values are strings). */
export const KafkaHeaderNames = {
  eventId: 'vitrina-event-id',
  eventType: 'vitrina-event-type',
  traceId: 'vitrina-trace-id',
  deadLetterError: 'vitrina-dlq-error',
  deadLetterGroup: 'vitrina-dlq-group',
  deadLetterAttempts: 'vitrina-dlq-attempts',
  deadLetterOrigin: 'vitrina-dlq-origin',
} as const;

function kafkaLogCreator(logger: BusLogger) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, ...extra } = log;
      const entry = { kafka: namespace, ...extra };
      if (level === KafkaLogLevel.ERROR) logger.error(entry, message);
      else if (level === KafkaLogLevel.WARN) logger.warn(entry, message);
      else logger.debug(entry, message);
    };
}

/**
 * Event bus on Kafka (kafkajs), ARCHITECTURE §3. A message's key is the envelope's key (so one aggregate's events
 * share a partition and keep their order), its value the JSON envelope, with the id and type also in headers.
 * `publish` resolves once every in-sync replica has the messages (acks -1). Each subscription is a consumer in the
 * Kafka group `<group>.<topic>` (see kafkaGroupId); `subscribe` resolves once it has joined. It commits a message's
 * offset only after the handler resolved (the handler includes the consumer's inbox transaction). A failing handler
 * is retried in place with backoff (its partition waits), then the message goes to `<topic>.dlq` and is committed.
 * Topics, `.dlq` ones included, must exist beforehand (infra/ creates them); nothing is auto-created.
 *
 * Limitation: the attempt count of a message lives in the consumer; after a crash mid-retries it starts again.
 */
export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  readonly settings: KafkaClientSettings;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private admin?: Admin;
  private connected?: Promise<void>;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;

  constructor(readonly options: KafkaEventBusOptions) {
    this.settings = kafkaClientSettings(options);
    this.kafka = this.newKafka();
    this.producer = this.kafka.producer(this.settings.producer);
  }

  /** Connects the producer before returning, so a wrong broker list fails at start. */
  static async connect(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const bus = new KafkaEventBus(options);
    try {
      await bus.connect();
    } catch (err) {
      await bus.close().catch(() => undefined);
      throw new Error(`Kafka event bus: cannot connect to ${options.brokers.join(',')}: ${errorMessage(err)}`);
    }
    return bus;
  }

  get logger(): BusLogger {
    return this.options.logger ?? silentLogger;
  }

  /** A fresh client: kafkajs keeps per-client cluster state, and each consumer gets its own (TOOLCHAIN.md). */
  newKafka(): Kafka {
    return new Kafka({ ...this.settings.client, logLevel: KafkaLogLevel.WARN, logCreator: kafkaLogCreator(this.logger) });
  }

  connect(): Promise<void> {
    this.connected ??= this.producer.connect().catch((err: unknown) => {
      this.connected = undefined;
      throw err;
    });
    return this.connected;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('KafkaEventBus is closed');
    if (events.length === 0) return;
    await this.send(topic, events.map((e) => toMessage(e)));
  }

  async send(topic: string, messages: Message[]): Promise<void> {
    await this.connect();
    await this.producer.send({ topic, acks: this.settings.acks, messages });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('KafkaEventBus is closed');
    await this.connect();
    const subscription = new KafkaSubscription(this, options);
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
   * What each subscription of this bus currently consumes: the partitions of its last group join, or `undefined`
   * while its group is (re)joining. For diagnostics and for tests that need a settled group.
   */
  assignments(): Array<{ topic: string; group: string; partitions: number[] | undefined }> {
    return [...this.subscriptions].map((s) => s.assignment());
  }

  async ping(): Promise<void> {
    this.admin ??= this.kafka.admin();
    await this.admin.connect();
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    await this.admin?.disconnect().catch(() => undefined);
    await this.producer.disconnect().catch(() => undefined);
  }
}

/** kafkajs error types after which the runner rejoins the group instead of crashing. */
const REJOIN_ERRORS = new Set(['REBALANCE_IN_PROGRESS', 'ILLEGAL_GENERATION', 'NOT_COORDINATOR_FOR_GROUP', 'UNKNOWN_MEMBER_ID']);

function rootCause(err: unknown): unknown {
  let current = err;
  for (let i = 0; i < 10 && current && typeof current === 'object' && 'cause' in current && (current as { cause?: unknown }).cause; i++) {
    current = (current as { cause: unknown }).cause;
  }
  return current;
}

function toMessage(event: EventEnvelope, extraHeaders: Record<string, string> = {}): Message {
  return {
    key: event.key,
    value: JSON.stringify(event),
    headers: {
      [KafkaHeaderNames.eventId]: event.id,
      [KafkaHeaderNames.eventType]: event.type,
      [KafkaHeaderNames.traceId]: event.traceId,
      ...extraHeaders,
    },
  };
}

class KafkaSubscription {
  private consumer: Consumer;
  private restartTimer?: NodeJS.Timeout;
  private restarts = 0;
  private readonly maxAttempts: number;
  private readonly scope = new AsyncResource('vitrina.KafkaEventBus.subscription');
  /** Aborted after the close grace period: an in-flight handler is abandoned, its offset left uncommitted. */
  private readonly abort = new AbortController();
  /** Aborted as soon as close starts: backoff waits end at once. */
  private readonly stopSignal = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;
  private closing?: Promise<void>;
  private partitions?: number[];

  constructor(
    private readonly bus: KafkaEventBus,
    private readonly sub: SubscribeOptions,
  ) {
    this.maxAttempts = Math.max(1, sub.maxAttempts ?? bus.options.maxAttempts ?? 5);
    this.consumer = this.newConsumer();
  }

  private newConsumer(): Consumer {
    const consumer = this.bus.newKafka().consumer(this.bus.settings.consumer(this.sub.group, this.sub.topic));
    consumer.on(consumer.events.GROUP_JOIN, (e) => {
      this.restarts = 0;
      this.partitions = [...(e.payload.memberAssignment[this.sub.topic] ?? [])].sort((a, b) => a - b);
    });
    consumer.on(consumer.events.REBALANCING, () => {
      this.partitions = undefined;
    });
    consumer.on(consumer.events.CRASH, (e) => {
      this.partitions = undefined;
      // kafkajs restarts a consumer only after retriable errors; after any other crash it stays down. A service
      // must not silently stop consuming, so this subscription starts a fresh consumer itself.
      if (!e.payload.restart && !this.stopping && consumer === this.consumer) this.scheduleRestart(e.payload.error);
    });
    return consumer;
  }

  private scheduleRestart(cause: Error): void {
    const delay = backoffDelay(++this.restarts, 1_000, 30_000);
    this.bus.logger.error({ err: cause, topic: this.sub.topic, group: this.sub.group, delayMs: delay }, 'kafka consumer crashed; restarting it');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      const old = this.consumer;
      this.consumer = this.newConsumer();
      void old
        .disconnect()
        .catch(() => undefined)
        .then(() => this.start())
        .catch((err: unknown) => {
          if (!this.stopping) this.scheduleRestart(err instanceof Error ? err : new Error(errorMessage(err)));
        });
    }, delay);
  }

  assignment(): { topic: string; group: string; partitions: number[] | undefined } {
    return { topic: this.sub.topic, group: this.sub.group, partitions: this.stopping ? undefined : this.partitions };
  }

  /** Connects, subscribes, and joins the group: resolves once this member has its assignment. */
  async start(): Promise<void> {
    const consumer = this.consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [this.sub.topic], fromBeginning: this.bus.settings.subscribe.fromBeginning });
    if (this.stopping) return; // closed while a restart was connecting: stop() disconnects this consumer
    await consumer.run({
      ...this.bus.settings.run,
      eachMessage: (payload) => {
        const work = this.eachMessage(payload);
        this.inFlight.add(work);
        return work.finally(() => this.inFlight.delete(work));
      },
    });
  }

  private async eachMessage({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    // Closing: leave the rest of the batch uncommitted; the member that gets the partition fetches it again.
    if (this.stopping) return;
    const next = (BigInt(message.offset) + 1n).toString();
    let event: EventEnvelope;
    try {
      event = JSON.parse(message.value?.toString('utf8') ?? 'null') as EventEnvelope;
      if (!event || typeof event !== 'object' || typeof event.id !== 'string') throw new Error('message is not an event envelope');
    } catch (err) {
      const raw = message.value?.toString('utf8') ?? '';
      const id = `${topic}/${partition}/${message.offset}`;
      await this.deadLetter(
        { id, type: 'unparseable', version: 1, occurredAt: new Date().toISOString(), key: message.key?.toString() ?? id, traceId: id, data: { raw } },
        1,
        err,
        `${topic}/${partition}/${message.offset}`,
      );
      await this.commit(topic, partition, next);
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
          this.bus.logger.error({ err, topic, group: this.sub.group, eventId: event.id, attempts: attempt }, 'event handler kept failing; event dead-lettered');
          await this.deadLetter(event, attempt, err, `${topic}/${partition}/${message.offset}`);
          break;
        }
        const delay = backoffDelay(attempt, this.bus.options.baseDelayMs ?? 200, this.bus.options.maxDelayMs ?? 30_000);
        this.bus.logger.warn({ err, topic, group: this.sub.group, eventId: event.id, attempt, delayMs: delay }, 'event handler failed; retrying');
        try {
          await this.backoff(delay, heartbeat);
        } catch {
          return; // closing: not committed
        }
      }
    }
    await this.commit(topic, partition, next);
  }

  /** Waits `ms`, heartbeating so a long backoff does not cost the group membership. */
  private async backoff(ms: number, heartbeat: () => Promise<void>): Promise<void> {
    const step = Math.max(50, Math.floor((this.bus.options.sessionTimeout ?? 30_000) / 3));
    for (let left = ms; left > 0; left -= step) {
      await sleep(Math.min(step, left), this.stopSignal.signal);
      await heartbeat().catch(() => undefined);
    }
  }

  private async deadLetter(event: EventEnvelope, attempts: number, err: unknown, origin: string): Promise<void> {
    const info = deadLetterInfo(this.sub.topic, this.sub.group, attempts, err);
    await this.bus.send(deadLetterTopic(this.sub.topic), [
      toMessage(withDeadLetter(event, info), {
        [KafkaHeaderNames.deadLetterError]: info.error.slice(0, 500),
        [KafkaHeaderNames.deadLetterGroup]: info.group,
        [KafkaHeaderNames.deadLetterAttempts]: String(attempts),
        [KafkaHeaderNames.deadLetterOrigin]: origin,
      }),
    ]);
  }

  private async commit(topic: string, partition: number, offset: string): Promise<void> {
    try {
      await this.consumer.commitOffsets([{ topic, partition, offset }]);
    } catch (err) {
      // A rebalance started while the handler ran: the commit is refused and the message will be fetched again by
      // the partition's next owner (at least once; the inbox drops the duplicate). kafkajs rejoins the group when
      // eachMessage fails with the protocol error itself, but crashes the consumer on the wrapper its retrier makes.
      const cause = rootCause(err);
      if (REJOIN_ERRORS.has(String((cause as { type?: unknown }).type))) {
        this.bus.logger.warn({ err: cause, topic, partition, offset, group: this.sub.group }, 'offset commit refused by a rebalance; the message will be redelivered');
        throw cause;
      }
      throw err;
    }
  }

  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.abort();
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const finished = await settledWithin([...this.inFlight], this.bus.options.closeGraceMs ?? 10_000);
    if (!finished) this.abort.abort();
    // disconnect stops the fetch loop (waiting for eachMessage to return) and leaves the group, so the partitions
    // move to the other members at once, from the last committed offsets.
    await this.consumer.disconnect().catch((err: unknown) => this.bus.logger.warn({ err }, 'kafka consumer disconnect failed'));
  }
}
