import { describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from '../../src/config/platform-config.js';
import { createEventBus } from '../../src/events/create-event-bus.js';
import { RedisEventBus } from '../../src/events/redis-event-bus.js';
import { createLogger } from '../../src/logging/logger.js';
import { jobsKeyPrefix, rateLimitKeyPrefix } from '../../src/runtime/redis-prefix.js';

const logger = createLogger('redis-prefix-test', 'silent');

describe('REDIS_PREFIX', () => {
  it('defaults to vitrina, which puts jobs under vitrina:jobs and rate limits under vitrina:gateway:rl:', () => {
    const config = loadPlatformConfig({});
    expect(config.REDIS_PREFIX).toBe('vitrina');
    expect(jobsKeyPrefix(config.REDIS_PREFIX)).toBe('vitrina:jobs');
    expect(rateLimitKeyPrefix(config.REDIS_PREFIX)).toBe('vitrina:gateway:rl:');
  });

  it('reads REDIS_BUS_PREFIX as a deprecated alias, REDIS_PREFIX winning when both are set', () => {
    expect(loadPlatformConfig({ REDIS_BUS_PREFIX: 'old-stack' }).REDIS_PREFIX).toBe('old-stack');
    expect(loadPlatformConfig({ REDIS_BUS_PREFIX: 'old-stack', REDIS_PREFIX: 'new-stack' }).REDIS_PREFIX).toBe('new-stack');
  });

  it('refuses a prefix that would not be a clean key segment, naming the variable', () => {
    for (const bad of ['with space', 'ends:', 'x'.repeat(101), 'tab\there']) {
      expect(() => loadPlatformConfig({ REDIS_PREFIX: bad })).toThrow(/REDIS_PREFIX: must be/);
    }
    expect(loadPlatformConfig({ REDIS_PREFIX: 'staging:eu-1' }).REDIS_PREFIX).toBe('staging:eu-1');
  });

  it('is the Redis Streams bus prefix', async () => {
    if (!process.env.REDIS_URL) return;
    const bus = await createEventBus(
      loadPlatformConfig({ EVENT_BUS: 'redis', REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: 'vt-prefix-test' }),
      logger,
    );
    try {
      expect(bus).toBeInstanceOf(RedisEventBus);
      expect((bus as RedisEventBus).streamKey('accounts.user', 3)).toBe('vt-prefix-test:accounts.user:p3');
    } finally {
      await bus.close();
    }
  });
});
