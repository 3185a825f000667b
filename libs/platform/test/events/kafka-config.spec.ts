import { describe, expect, it } from '@jest/globals';
import { compatibilityPartitioner } from '@platformatic/kafka';
import { kafkaClientSettings } from '../../src/events/kafka-event-bus.js';
import { eventBusOverridesFromEnv } from '../../src/events/create-event-bus.js';

describe('Kafka client settings (production)', () => {
  const settings = kafkaClientSettings({ brokers: ['kafka:9092'], clientId: 'orders' });

  it('uses an idempotent producer with one request in flight and acks from all in-sync replicas', () => {
    expect(settings.producer.idempotent).toBe(true);
    expect(settings.producer.acks).toBe(-1);
    expect(settings.producer.maxInflights).toBe(1);
    expect(settings.producer.autocreateTopics).toBe(false);
    // Bounded retries: a send to a broker that stays down fails, and the outbox relay tries again later.
    expect(settings.producer.retries).toBeGreaterThan(0);
    expect(Number.isFinite(settings.producer.retries)).toBe(true);
  });

  it("hashes keys like the Java client (and kafkajs), so an aggregate's partition does not move with the client", () => {
    expect(settings.producer.partitioner).toBe(compatibilityPartitioner);
    // Kafka's own murmur2 vectors (UtilsTest.testMurmur2), masked to positive as its DefaultPartitioner does.
    const vectors: Record<string, number> = {
      '21': -973932308,
      foobar: -790332482,
      abc: 479470107,
      'a-little-bit-long-string': -985981536,
    };
    for (const [key, murmur2] of Object.entries(vectors)) {
      expect(compatibilityPartitioner({ topic: 't', key }, Buffer.from(key))).toBe(murmur2 & 0x7fffffff);
    }
  });

  it('commits offsets only after handling (no auto-commit), one consumer group per service and topic', () => {
    expect(settings.consumer('orders', 'cart.checkout')).toMatchObject({
      groupId: 'orders.cart.checkout',
      autocommit: false,
      autocreateTopics: false,
    });
    expect(settings.consumer('orders', 'catalogue.item').groupId).toBe('orders.catalogue.item');
    expect(settings.client).toMatchObject({ clientId: 'orders', bootstrapBrokers: ['kafka:9092'] });
  });

  it('starts a new group at the earliest retained offset, an existing one at its committed offsets', () => {
    expect(settings.stream).toEqual({ mode: 'committed', fallbackMode: 'earliest' });
    expect(kafkaClientSettings({ brokers: ['k:1'], clientId: 't', fromBeginning: false }).stream.fallbackMode).toBe('latest');
  });

  it('turns idempotence off only when asked', () => {
    expect(kafkaClientSettings({ brokers: ['m:1'], clientId: 't', idempotent: false }).producer.idempotent).toBe(false);
    expect(eventBusOverridesFromEnv({ KAFKA_IDEMPOTENT: 'false' })).toEqual({ kafkaIdempotent: false });
    expect(eventBusOverridesFromEnv({})).toEqual({});
    expect(() => eventBusOverridesFromEnv({ KAFKA_IDEMPOTENT: 'maybe' })).toThrow(/KAFKA_IDEMPOTENT/);
  });
});
