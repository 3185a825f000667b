import { describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from '../../src/config/platform-config.js';
import { createEventBus } from '../../src/events/create-event-bus.js';
import { MemoryEventBus } from '../../src/events/memory-event-bus.js';
import { RedisEventBus } from '../../src/events/redis-event-bus.js';
import { createLogger } from '../../src/logging/logger.js';

const logger = createLogger('bus-factory-test', 'silent');

describe('createEventBus', () => {
  it('builds the memory bus by default', async () => {
    const bus = await createEventBus(loadPlatformConfig({}), logger);
    expect(bus).toBeInstanceOf(MemoryEventBus);
    expect(bus.kind).toBe('memory');
    await bus.close();
  });

  it('builds the Redis Streams bus for EVENT_BUS=redis', async () => {
    if (!process.env.REDIS_URL) return;
    const bus = await createEventBus(loadPlatformConfig({ EVENT_BUS: 'redis', REDIS_URL: process.env.REDIS_URL }), logger);
    expect(bus).toBeInstanceOf(RedisEventBus);
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
  });

  it('fails at start when the Redis server cannot be reached', async () => {
    await expect(
      createEventBus(loadPlatformConfig({ EVENT_BUS: 'redis', REDIS_URL: 'redis://127.0.0.1:1' }), logger, {
        redis: { redisOptions: { retryStrategy: () => null, maxRetriesPerRequest: 0 } },
      }),
    ).rejects.toThrow(/cannot reach Redis/);
  });

  it('fails at start when no Kafka broker answers', async () => {
    const config = loadPlatformConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: '127.0.0.1:1', KAFKA_CLIENT_ID: 'factory-test' });
    await expect(createEventBus(config, logger, { kafkaIdempotent: false, kafka: { retries: 0, connectTimeout: 200 } })).rejects.toThrow(
      /Kafka event bus: cannot connect to 127\.0\.0\.1:1/,
    );
  });
});
