import { describe, expect, it } from '@jest/globals';
import { kafkaClientSettings } from '../../src/events/kafka-event-bus.js';
import { eventBusOverridesFromEnv } from '../../src/events/create-event-bus.js';

describe('Kafka client settings (production)', () => {
  const settings = kafkaClientSettings({ brokers: ['kafka:9092'], clientId: 'orders' });

  it('uses an idempotent producer with one request in flight and acks from all in-sync replicas', () => {
    expect(settings.producer.idempotent).toBe(true);
    expect(settings.producer.maxInFlightRequests).toBe(1);
    expect(settings.acks).toBe(-1);
    expect(settings.producer.allowAutoTopicCreation).toBe(false);
  });

  it('commits offsets only after handling (no auto-commit), one consumer group per service and topic', () => {
    expect(settings.run.autoCommit).toBe(false);
    expect(settings.consumer('orders', 'cart.checkout').groupId).toBe('orders.cart.checkout');
    expect(settings.consumer('orders', 'catalogue.item').groupId).toBe('orders.catalogue.item');
    expect(settings.client).toMatchObject({ clientId: 'orders', brokers: ['kafka:9092'] });
  });

  it('turns idempotence off only when asked (librdkafka mock cluster)', () => {
    expect(kafkaClientSettings({ brokers: ['m:1'], clientId: 't', idempotent: false }).producer.idempotent).toBe(false);
    expect(eventBusOverridesFromEnv({ KAFKA_IDEMPOTENT: 'false' })).toEqual({ kafkaIdempotent: false });
    expect(eventBusOverridesFromEnv({})).toEqual({});
    expect(() => eventBusOverridesFromEnv({ KAFKA_IDEMPOTENT: 'maybe' })).toThrow(/KAFKA_IDEMPOTENT/);
  });
});
