import type { Logger } from 'pino';
import type { PlatformConfig } from '../config/platform-config.js';
import type { EventBus } from './event-bus.js';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.js';
import { MemoryEventBus, type MemoryEventBusOptions } from './memory-event-bus.js';
import { RedisEventBus, type RedisEventBusOptions } from './redis-event-bus.js';
import { busKeyPrefix } from '../runtime/redis-prefix.js';

/** Settings that are not part of PlatformConfig: tests and tools. */
export interface EventBusOverrides {
  /** Turns the idempotent Kafka producer off (a tool's choice; production and the test suites keep it on). */
  kafkaIdempotent?: boolean;
  memory?: Partial<MemoryEventBusOptions>;
  redis?: Partial<RedisEventBusOptions>;
  kafka?: Partial<KafkaEventBusOptions>;
}

/**
 * Reads the optional overrides some tools set in the environment (`KAFKA_IDEMPOTENT=false`), which are deliberately
 * not part of PlatformConfig: production never sets them.
 */
export function eventBusOverridesFromEnv(env: NodeJS.ProcessEnv = process.env): EventBusOverrides {
  // The Redis bus's key prefix is REDIS_PREFIX (PlatformConfig), which createEventBus applies.
  const base: EventBusOverrides = {};
  const raw = env.KAFKA_IDEMPOTENT?.trim().toLowerCase();
  if (!raw) return base;
  if (['false', '0', 'no'].includes(raw)) return { ...base, kafkaIdempotent: false };
  if (['true', '1', 'yes'].includes(raw)) return { ...base, kafkaIdempotent: true };
  throw new Error(`KAFKA_IDEMPOTENT: must be true or false, got "${env.KAFKA_IDEMPOTENT}"`);
}

/**
 * The event bus chosen by `EVENT_BUS` (docs/architecture.md §2): `memory` (embedded), `redis` (Streams on REDIS_URL) or
 * `kafka` (KAFKA_BROKERS, KAFKA_CLIENT_ID). Connects before returning, so an unreachable server stops the start.
 */
export async function createEventBus(config: PlatformConfig, logger: Logger, overrides: EventBusOverrides = {}): Promise<EventBus> {
  const log = logger.child({ component: 'event-bus', bus: config.EVENT_BUS });
  const maxAttempts = config.EVENT_MAX_ATTEMPTS;
  switch (config.EVENT_BUS) {
    case 'memory':
      return new MemoryEventBus({ maxAttempts, logger: log, ...overrides.memory });
    case 'redis': {
      if (!config.REDIS_URL) throw new Error('REDIS_URL: required when EVENT_BUS=redis');
      // REDIS_PREFIX: the stack's part of the Redis database (runtime/redis-prefix.ts).
      return RedisEventBus.connect({
        url: config.REDIS_URL,
        maxAttempts,
        logger: log,
        prefix: busKeyPrefix(config.REDIS_PREFIX),
        ...overrides.redis,
      });
    }
    case 'kafka': {
      if (!config.KAFKA_BROKERS?.length) throw new Error('KAFKA_BROKERS: required when EVENT_BUS=kafka');
      return KafkaEventBus.connect({
        brokers: config.KAFKA_BROKERS,
        clientId: config.KAFKA_CLIENT_ID,
        maxAttempts,
        logger: log,
        ...overrides.kafka,
        ...(overrides.kafkaIdempotent !== undefined ? { idempotent: overrides.kafkaIdempotent } : {}),
      });
    }
    default: {
      const never: never = config.EVENT_BUS;
      throw new Error(`EVENT_BUS: unknown bus "${String(never)}"`);
    }
  }
}
