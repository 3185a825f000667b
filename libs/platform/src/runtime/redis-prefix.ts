import { z } from 'zod';

/**
 * One variable, REDIS_PREFIX, names the part of a Redis database that a stack owns: every key the stack
 * writes starts with `<REDIS_PREFIX>:`, so two stacks (two clusters, a test run beside a dev stack) can share
 * one Redis database without taking each other's events, jobs or rate-limit counters. The layout:
 *
 * | writer | keys |
 * | --- | --- |
 * | Redis Streams event bus | `<prefix>:<topic>:p<k>` (+ `:lease:`, `:members:`, `:attempts:` beside them) |
 * | BullMQ job queues | `<prefix>:jobs:vitrina-<service>:...` |
 * | gateway rate limits | `<prefix>:gateway:rl:ip:...`, `<prefix>:gateway:rl:user:...` |
 *
 * Every process of one stack must use the same prefix (the cluster launcher and docker-compose pass one).
 */
export const DEFAULT_REDIS_PREFIX = 'vitrina';

/** Letters, digits, `_ . - :`; not ending in `:` (the layout adds the separators). */
export const redisPrefixSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_.:-]{0,99}[A-Za-z0-9_.-]$/,
    'must be 1-100 letters, digits, _ . - or : (not ending in :), such as vitrina or staging-2',
  );

/**
 * REDIS_PREFIX, or the deprecated REDIS_BUS_PREFIX (which named only the bus's streams before REDIS_PREFIX
 * covered every key), as the raw value for a config shape to validate. Empty counts as unset.
 */
export function withRedisPrefixAlias(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (source.REDIS_PREFIX || !source.REDIS_BUS_PREFIX) return source;
  return { ...source, REDIS_PREFIX: source.REDIS_BUS_PREFIX };
}

/** The event bus's prefix: its streams are `<prefix>:<topic>:p<k>`. */
export function busKeyPrefix(prefix: string = DEFAULT_REDIS_PREFIX): string {
  return prefix;
}

/** BullMQ's `prefix` option: queue keys are `<prefix>:jobs:<queue>:...`. */
export function jobsKeyPrefix(prefix: string = DEFAULT_REDIS_PREFIX): string {
  return `${prefix}:jobs`;
}

/** The gateway's rate-limit key prefix: `<prefix>:gateway:rl:` (the scope, `ip:` or `user:`, follows). */
export function rateLimitKeyPrefix(prefix: string = DEFAULT_REDIS_PREFIX): string {
  return `${prefix}:gateway:rl:`;
}
