import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { ErrorCodes } from '@vitrina/contracts';
import type { Redis } from 'ioredis';
import { GatewayHttpError } from '../http/gateway-errors.js';

export interface TokenVerifierLike {
  /** Resolves to the token's user when the token is valid; rejects otherwise. */
  verify(token: string): Promise<{ id: string }>;
}

export interface RateLimitSettings {
  perIpPerMinute: number;
  perUserPerMinute: number;
  /** Shared store for every gateway instance; the process-local memory store when absent. */
  redis?: Redis;
  /**
   * Prefix of the Redis keys: `<REDIS_PREFIX>:gateway:rl:` (libs/platform runtime/redis-prefix.ts), so stacks sharing a
   * Redis database keep separate counters; tests use a unique one. Keys: `<prefix>ip:<ip>`, `<prefix>user:<user id>`.
   */
  keyPrefix: string;
  verifier?: TokenVerifierLike;
  onLimited?: (scope: 'ip' | 'user') => void;
  /** Keys the memory store keeps at most (the oldest window is dropped first). */
  memoryKeys?: number;
}

/** One counter after a hit: requests counted in its window, and the window's time left. */
interface Count {
  current: number;
  ttlMs: number;
}

/** Counts a hit on each key in turn, stopping after the first key over its limit (later keys are not counted). */
interface CounterStore {
  hit(keys: Array<{ key: string; max: number }>, windowMs: number): Promise<Count[]>;
}

const WINDOW_MS = 60_000;
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * Builds the `onRequest` hook that applies both limits: per client IP on every /api route, and per user for requests
 * carrying a token the verifier accepts (an absent or invalid token only counts against the IP). Fixed windows of a
 * minute, as @fastify/rate-limit counts them (the window starts at a key's first hit), in Redis (shared by every
 * gateway instance) or in memory. Both counters are one round trip to Redis (one script), not one per limit: the
 * token is checked first (in memory after a user's first request, libs/platform auth/tokens.ts). A store failure
 * lets the request through: an unreachable Redis must not take the API down with it.
 * Routes outside rate limiting (health, docs page, web app) are simply registered outside the hook's scope.
 */
export function createRateLimitHook(settings: RateLimitSettings) {
  const store: CounterStore = settings.redis ? new RedisCounters(settings.redis) : new MemoryCounters(settings.memoryKeys ?? 10_000);
  const ipMax = settings.perIpPerMinute;

  return async function applyRateLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const userId = await verifiedUserId(request, settings);
    const keys = [{ key: `${settings.keyPrefix}ip:${normalizeIP(request.ip)}`, max: ipMax }];
    if (userId) keys.push({ key: `${settings.keyPrefix}user:${userId}`, max: settings.perUserPerMinute });
    let counts: Count[];
    try {
      counts = await store.hit(keys, WINDOW_MS);
    } catch {
      return; // the store is down: not limited meanwhile (connectRedis logs it)
    }
    const [ip, user] = counts;
    const ipSeconds = seconds(ip.ttlMs);
    void reply
      .header('x-ratelimit-limit', ipMax)
      .header('x-ratelimit-remaining', Math.max(0, ipMax - ip.current))
      .header('x-ratelimit-reset', ipSeconds);
    if (ip.current > ipMax) throw limited('ip', ipSeconds, settings);
    if (user && user.current > settings.perUserPerMinute) throw limited('user', seconds(user.ttlMs), settings);
  };
}

/**
 * Redis: one script per request for every key. INCR; a new key (or one left without expiry) gets the window as its
 * TTL; otherwise the TTL left is read. The loop stops after a key over its limit, like two limiters in a row would.
 */
class RedisCounters implements CounterStore {
  private static readonly SCRIPT = `
    local out = {}
    local window = tonumber(ARGV[1])
    for i, key in ipairs(KEYS) do
      local current = redis.call('INCR', key)
      local ttl = window
      if current == 1 then
        redis.call('PEXPIRE', key, window)
      else
        ttl = redis.call('PTTL', key)
        if ttl < 0 then
          redis.call('PEXPIRE', key, window)
          ttl = window
        end
      end
      out[#out + 1] = current
      out[#out + 1] = ttl
      if current > tonumber(ARGV[i + 1]) then break end
    end
    return out`;

  constructor(private readonly redis: Redis) {
    if (!('vitrinaRateLimit' in redis)) redis.defineCommand('vitrinaRateLimit', { lua: RedisCounters.SCRIPT });
  }

  async hit(keys: Array<{ key: string; max: number }>, windowMs: number): Promise<Count[]> {
    const run = (this.redis as unknown as Record<string, (...args: Array<string | number>) => Promise<number[]>>).vitrinaRateLimit;
    const flat = await run.call(this.redis, keys.length, ...keys.map((k) => k.key), windowMs, ...keys.map((k) => k.max));
    const counts: Count[] = [];
    for (let i = 0; i < flat.length; i += 2) counts.push({ current: Number(flat[i]), ttlMs: Number(flat[i + 1]) });
    return counts;
  }
}

/** One process: fixed windows in a Map kept in window-start order, the oldest dropped beyond `maxKeys`. */
class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  constructor(private readonly maxKeys: number) {}

  async hit(keys: Array<{ key: string; max: number }>, windowMs: number): Promise<Count[]> {
    const now = Date.now();
    const counts: Count[] = [];
    for (const { key, max } of keys) {
      let w = this.windows.get(key);
      if (!w || w.endsAt <= now) {
        this.windows.delete(key);
        w = { current: 0, endsAt: now + windowMs };
        this.windows.set(key, w);
        if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      }
      w.current += 1;
      counts.push({ current: w.current, ttlMs: w.endsAt - now });
      if (w.current > max) break;
    }
    return counts;
  }
}

async function verifiedUserId(request: FastifyRequest, settings: RateLimitSettings): Promise<string | undefined> {
  const header = request.headers.authorization;
  if (!settings.verifier || typeof header !== 'string') return undefined;
  const token = BEARER.exec(header)?.[1];
  if (!token) return undefined;
  try {
    return (await settings.verifier.verify(token)).id;
  } catch {
    // The service that handles the request answers 401; here the token simply earns no per-user quota.
    return undefined;
  }
}

function seconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

function limited(scope: 'ip' | 'user', seconds: number, settings: RateLimitSettings): GatewayHttpError {
  settings.onLimited?.(scope);
  return new GatewayHttpError(
    429,
    ErrorCodes.rateLimited,
    `Too many requests${scope === 'user' ? ' for this account' : ''}; retry in ${seconds} s`,
    { 'retry-after': String(seconds) },
  );
}
