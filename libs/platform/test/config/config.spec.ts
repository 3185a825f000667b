import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../src/config/env.js';
import { loadPlatformConfig } from '../../src/config/platform-config.js';

describe('platform configuration', () => {
  it('needs nothing in embedded mode and fills typed defaults', () => {
    const c = loadPlatformConfig({});
    expect(c.EVENT_BUS).toBe('memory');
    expect(c.JOB_QUEUE).toBe('local');
    expect(c.BODY_LIMIT_BYTES).toBe(1_048_576);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('converts numbers and lists', () => {
    const c = loadPlatformConfig({ DB_POOL_MAX: '25', KAFKA_BROKERS: 'a:9092, b:9092', EVENT_BUS: 'kafka' });
    expect(c.DB_POOL_MAX).toBe(25);
    expect(c.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
  });

  it('names every bad variable', () => {
    try {
      loadPlatformConfig({ DATABASE_URL: 'mysql://x', EVENT_BUS: 'rabbit', DB_POOL_MAX: 'lots' });
      throw new Error('should have failed');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('EVENT_BUS');
      expect(msg).toContain('DB_POOL_MAX');
    }
  });

  it('refuses combinations that cannot work', () => {
    expect(() => loadPlatformConfig({ EVENT_BUS: 'redis' })).toThrow(/REDIS_URL: required when EVENT_BUS=redis/);
    expect(() => loadPlatformConfig({ JOB_QUEUE: 'bullmq' })).toThrow(/REDIS_URL/);
    expect(() => loadPlatformConfig({ EVENT_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS/);
    expect(() => loadPlatformConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_PUBLIC_KEY[\s\S]*DATABASE_URL/);
  });

  it('treats an empty value as unset', () => {
    expect(loadPlatformConfig({ DATABASE_URL: '', EVENT_BUS: '' }).EVENT_BUS).toBe('memory');
  });

  it('formats the problems one per line, each starting with the variable name', () => {
    expect(() => loadPlatformConfig({ OUTBOX_POLL_MS: '-5' })).toThrow(/^Invalid configuration:\n {2}- OUTBOX_POLL_MS: /);
  });
});
