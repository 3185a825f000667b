import type { EventEnvelope } from '@vitrina/contracts';
import { Producer } from '@platformatic/kafka';
import type { EventBus, SubscribeOptions, Subscription } from './event-bus.js';
import { errorMessage, settledWithin, silentLogger, type BusLogger } from './bus-support.js';
import { KafkaHeaderNames, kafkaClientSettings, type KafkaClientSettings, type KafkaEventBusOptions } from './kafka-settings.js';
import { KafkaSubscription, type KafkaSubscriptionHost } from './kafka-subscription.js';

export * from './kafka-settings.js';

/**
 * Event bus on Kafka (@platformatic/kafka, a maintained pure-JavaScript client), docs/architecture.md §3. A message's key
 * is the envelope's key (so one aggregate's events share a partition and keep their order), its value the JSON
 * envelope, with the id, type and trace id also in headers. `publish` resolves once every in-sync replica has the
 * messages (acks -1, idempotent producer). Each subscription is a consumer in the Kafka group `<group>.<topic>` (see
 * kafkaGroupId and KafkaSubscription); `subscribe` resolves once it has joined. An offset is committed only after
 * the handler resolved (the handler includes the consumer's inbox transaction). A failing handler is retried in
 * place with backoff (its partition waits), then the message goes to `<topic>.dlq` and is committed.
 * Topics, `.dlq` ones included, must exist beforehand (infra/ creates them); nothing is auto-created.
 *
 * Limitation: the attempt count of a message lives in the consumer; after a crash mid-retries it starts again.
 */
export class KafkaEventBus implements EventBus, KafkaSubscriptionHost {
  readonly kind = 'kafka' as const;
  readonly settings: KafkaClientSettings;
  private readonly producer: Producer<string, string, string, string>;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;

  constructor(readonly options: KafkaEventBusOptions) {
    this.settings = kafkaClientSettings(options);
    // The client adjusts the options object it is given: hand it a copy so `settings` stays what was asked for.
    this.producer = new Producer({ ...this.settings.producer });
    this.producer.on('error', (err: Error) => this.logger.error({ err }, 'kafka producer error'));
  }

  /** Reads the cluster's metadata before returning (with the client's retries), so a wrong broker list fails at start. */
  static async connect(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const bus = new KafkaEventBus(options);
    try {
      await bus.producer.metadata({ topics: [], forceUpdate: true });
    } catch (err) {
      await bus.close().catch(() => undefined);
      throw new Error(`Kafka event bus: cannot connect to ${options.brokers.join(',')}: ${errorMessage(err)}`);
    }
    return bus;
  }

  get logger(): BusLogger {
    return this.options.logger ?? silentLogger;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('KafkaEventBus is closed');
    if (events.length === 0) return;
    await this.producer.send({ messages: events.map((event) => toMessage(topic, event)) });
  }

  /** Publishes one envelope with extra headers (dead letters). */
  async sendEnvelope(topic: string, event: EventEnvelope, extraHeaders: Record<string, string> = {}): Promise<void> {
    await this.producer.send({ messages: [toMessage(topic, event, extraHeaders)] });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('KafkaEventBus is closed');
    const subscription = new KafkaSubscription(this, options);
    this.subscriptions.add(subscription);
    try {
      await subscription.open();
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

  /** One metadata request, no retries: /health/ready asks often and wants a prompt answer. */
  async ping(): Promise<void> {
    await this.producer.metadata({ topics: [], forceUpdate: true, retries: 0 });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    // Bounded: a broker that is gone must not hang a shutdown.
    const closed = this.producer.close().catch((err: unknown) => this.logger.warn({ err }, 'kafka producer close failed'));
    if (!(await settledWithin([closed], 15_000))) this.logger.warn({}, 'kafka producer close timed out');
  }
}

function toMessage(topic: string, event: EventEnvelope, extraHeaders: Record<string, string> = {}) {
  return {
    topic,
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
