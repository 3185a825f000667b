import type { EventEnvelope } from '@vitrina/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Topic (one per aggregate), e.g. `catalogue.item`. */
  topic: string;
  /**
   * Consumer group: every group receives every event of the topic once; the instances of one group
   * share the work (each event handled by one of them). Services use their own name.
   */
  group: string;
  handler: EventHandler;
  /** Handler attempts before the message goes to the dead-letter topic (`<topic>.dlq`). */
  maxAttempts?: number;
  /**
   * The event types the handler takes, when it does not take every one. An adapter may settle events of other types
   * without calling the handler (the Redis adapter acknowledges them in one call per batch, unparsed); the handler
   * must still tolerate them, since an adapter may also hand them over.
   */
  types?: readonly string[];
  /**
   * Told of every failed handler attempt once the adapter has decided what follows it: a retry, or the dead-letter
   * topic. The adapter is the one place that knows (attempt counts live in it, or in Redis), so metrics ask it
   * (telemetry/metrics.ts). Must not throw; it is called synchronously.
   */
  onFailure?: (failure: HandlerFailure) => void;
}

/** One failed handler attempt, as SubscribeOptions.onFailure reports it. */
export interface HandlerFailure {
  /** Attempts made so far, this one included. */
  attempts: number;
  /** True when this failure sent the message to `<topic>.dlq` (no retry follows). */
  deadLettered: boolean;
}

export interface Subscription {
  /** Stops consuming; an in-flight handler is allowed to finish. */
  close(): Promise<void>;
}

/**
 * The event-bus port (docs/architecture.md §3). Delivery is at least once; ordering is kept per `event.key`;
 * a message that keeps failing goes to `<topic>.dlq` after bounded retries with backoff.
 * Adapters: memory, redis (Streams + consumer groups), kafka (@platformatic/kafka).
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis' | 'kafka';
  /** Resolves once every event is durably accepted by the transport (acks all on Kafka). */
  publish(topic: string, events: EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Used by /health/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** Why an event was dead-lettered; carried next to the envelope's own fields on `<topic>.dlq`. */
export interface DeadLetterInfo {
  /** The topic the event failed on. */
  topic: string;
  /** The consumer group whose handler kept failing. */
  group: string;
  /** Handler attempts made before giving up. */
  attempts: number;
  /** The last error's message (truncated). */
  error: string;
  /** ISO timestamp of the decision. */
  failedAt: string;
}

/**
 * What a subscriber of `<topic>.dlq` receives: the original envelope, unchanged, plus `deadLetter`.
 * It is still an `EventEnvelope`, so a dead-letter handler can re-publish it as is.
 */
export type DeadLetteredEvent<TData = unknown> = EventEnvelope<TData> & { deadLetter?: DeadLetterInfo };
