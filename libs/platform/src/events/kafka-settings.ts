import {
  compatibilityPartitioner,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  ProduceAcks,
  stringDeserializers,
  stringSerializers,
  type ConsumerOptions,
  type MessagesStreamFallbackModeValue,
  type MessagesStreamModeValue,
  type ProducerOptions,
} from '@platformatic/kafka';
import type { BusLogger } from './bus-support.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /**
   * Idempotent producer (default true, as in production): the broker drops the duplicates a producer's own retries
   * would write, so a retried send neither duplicates nor reorders a partition. Tools may turn it off
   * (`KAFKA_IDEMPOTENT=false`); the test suites keep it on, against the librdkafka mock cluster too.
   */
  idempotent?: boolean;
  /** Handler attempts before dead-lettering, unless the subscription says otherwise (default 5). */
  maxAttempts?: number;
  /** Backoff before the second attempt; doubles after each failure (default 200 ms). */
  baseDelayMs?: number;
  /** Longest backoff (default 30 s). */
  maxDelayMs?: number;
  /** Consumer group session timeout (default 30 s; tests use ~3 s). */
  sessionTimeout?: number;
  /** Consumer group rebalance timeout (default 60 s; tests use ~3 s). */
  rebalanceTimeout?: number;
  /** Heartbeat interval (default sessionTimeout / 10). */
  heartbeatInterval?: number;
  /** Longest wait of a fetch with no data (default 1 s). */
  maxWaitTime?: number;
  /**
   * Where a new consumer group starts: true (default) reads the topic from its earliest retained offset, so a group
   * created after events were published still receives them (as on the memory and Redis adapters).
   */
  fromBeginning?: boolean;
  /** Fetched messages a subscription holds before it pauses fetching (default 256). */
  maxPendingMessages?: number;
  /** How long `close()` lets an in-flight handler finish before abandoning it uncommitted (default 10 s). */
  closeGraceMs?: number;
  /** Attempts of a failed client operation (connect, metadata, produce, join) before it fails (default 5). */
  retries?: number;
  /** Wait between those attempts in ms (default 500). */
  retryDelay?: number;
  /** TCP connect timeout in ms (default 5 s). */
  connectTimeout?: number;
  logger?: BusLogger;
}

type Strings = [string, string, string, string];
export type KafkaProducerSettings = ProducerOptions<Strings[0], Strings[1], Strings[2], Strings[3]>;
export type KafkaConsumerSettings = ConsumerOptions<Strings[0], Strings[1], Strings[2], Strings[3]>;

/** The exact client settings the adapter uses; exported so a unit test pins the production ones. */
export interface KafkaClientSettings {
  client: Pick<KafkaProducerSettings, 'clientId' | 'bootstrapBrokers' | 'retries' | 'retryDelay' | 'connectTimeout'>;
  producer: KafkaProducerSettings;
  /** Consumer settings of one subscription: bus group `group` on `topic` (Kafka group `kafkaGroupId(group, topic)`). */
  consumer(group: string, topic: string): KafkaConsumerSettings;
  /** Where a subscription's stream starts: the group's committed offsets, else `fallbackMode`. */
  stream: { mode: MessagesStreamModeValue; fallbackMode: MessagesStreamFallbackModeValue };
}

/**
 * Producer: idempotent (no duplicates or reordering from its own retries), one request in flight per connection
 * (order kept per partition even on retry), acks from all in-sync replicas, the Java client's key hash (so a key
 * maps to the partition every other Kafka client, kafkajs included, picks: per-key order survives a client change).
 * Consumers: one group per service and topic, no auto-commit (the adapter commits a message only after its handler
 * resolved), nothing auto-created.
 */
export function kafkaClientSettings(options: KafkaEventBusOptions): KafkaClientSettings {
  const idempotent = options.idempotent ?? true;
  const sessionTimeout = options.sessionTimeout ?? 30_000;
  const client = {
    clientId: options.clientId,
    bootstrapBrokers: options.brokers,
    // Bounded, so a send to a broker that stays down fails and the outbox relay retries it later (an idempotent
    // producer would otherwise retry forever).
    retries: options.retries ?? 5,
    retryDelay: options.retryDelay ?? 500,
    ...(options.connectTimeout ? { connectTimeout: options.connectTimeout } : {}),
  };
  return {
    client,
    producer: {
      ...client,
      idempotent,
      acks: ProduceAcks.ALL,
      maxInflights: 1,
      // Topics are created by operators (infra/) with their partition counts; never implicitly with defaults.
      autocreateTopics: false,
      partitioner: compatibilityPartitioner,
      serializers: stringSerializers,
    },
    consumer: (group, topic) => ({
      ...client,
      groupId: kafkaGroupId(group, topic),
      sessionTimeout,
      rebalanceTimeout: options.rebalanceTimeout ?? 60_000,
      heartbeatInterval: options.heartbeatInterval ?? Math.max(100, Math.floor(sessionTimeout / 10)),
      maxWaitTime: options.maxWaitTime ?? 1_000,
      autocommit: false,
      autocreateTopics: false,
      deserializers: stringDeserializers,
    }),
    stream: {
      mode: MessagesStreamModes.COMMITTED,
      fallbackMode: (options.fromBeginning ?? true) ? MessagesStreamFallbackModes.EARLIEST : MessagesStreamFallbackModes.LATEST,
    },
  };
}

/**
 * The Kafka consumer group of a bus group on one topic: `<group>.<topic>`, e.g. `store.catalogue.item`.
 *
 * Not the bus group alone: each subscription is its own consumer, and in a Kafka group whose members subscribe to
 * different topics, a client-side assignor run by the group leader may assign only the topics it knows, leaving
 * the others unconsumed. One Kafka group per (service, topic) also confines rebalances to that topic.
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
