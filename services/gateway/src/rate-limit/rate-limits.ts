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
  hit(keys: Array<{ key: string; max: number }>): Promise<Count[]>;
}

const WINDOW_MS = 60_000;
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * Builds the `onRequest` hook that applies both limits: per client IP on every /api route, and per user for requests
 * carrying a token the verifier accepts (an absent or invalid token only counts against the IP). Fixed windows of a
 * minute, as @fastify/rate-limit counts them (the window starts at a key's first hit), in Redis (shared by every
 * gateway instance) or in memory. Both counters are one round trip to Redis (one script, which the requests arriving
 * meanwhile share: `RedisCounters`), not one per limit: the token is checked first (in memory after a user's first
 * request, libs/platform auth/tokens.ts), except for an IP already known to be over its limit, which is refused at
 * once. A store failure lets the request through: an unreachable Redis must not take the API down with it.
 * Routes outside rate limiting (health, docs page, web app) are simply registered outside the hook's scope.
 */
export function createRateLimitHook(settings: RateLimitSettings) {
  const maxKeys = settings.memoryKeys ?? 10_000;
  const store: CounterStore = settings.redis ? new RedisCounters(settings.redis, WINDOW_MS) : new MemoryCounters(maxKeys, WINDOW_MS);
  const ipMax = settings.perIpPerMinute;
  // IPs known to be over their limit, until their window ends. A fixed window that is over stays over until it ends
  // (every instance counts in the same window), so their requests are refused here without the store and, above all,
  // before the token check: a flood of requests with made-up tokens must not buy a signature check each.
  const refusedIps = new BoundedMap<number>(maxKeys);

  return async function applyRateLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const ipKey = `${settings.keyPrefix}ip:${normalizeIP(request.ip)}`;
    const refusedUntil = refusedIps.get(ipKey);
    if (refusedUntil !== undefined) {
      const left = refusedUntil - Date.now();
      if (left > 0) {
        ipHeaders(reply, ipMax, ipMax + 1, left);
        throw limited('ip', seconds(left), settings);
      }
      refusedIps.delete(ipKey);
    }
    const userId = await verifiedUserId(request, settings);
    const keys = [{ key: ipKey, max: ipMax }];
    if (userId) keys.push({ key: `${settings.keyPrefix}user:${userId}`, max: settings.perUserPerMinute });
    let counts: Count[];
    try {
      counts = await store.hit(keys);
    } catch {
      return; // the store is down: not limited meanwhile (connectRedis logs it)
    }
    const [ip, user] = counts;
    ipHeaders(reply, ipMax, ip.current, ip.ttlMs);
    if (ip.current > ipMax) {
      refusedIps.set(ipKey, Date.now() + ip.ttlMs);
      throw limited('ip', seconds(ip.ttlMs), settings);
    }
    if (user && user.current > settings.perUserPerMinute) throw limited('user', seconds(user.ttlMs), settings);
  };
}

function ipHeaders(reply: FastifyReply, max: number, current: number, ttlMs: number): void {
  void reply
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', Math.max(0, max - current))
    .header('x-ratelimit-reset', seconds(ttlMs));
}

/** A Map kept in insertion order that drops its oldest entry beyond `maxKeys`. */
class BoundedMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxKeys: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Sets `key` as the newest entry. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** Requests whose counts one script call carries at most. */
const MAX_BATCH = 256;

interface PendingHit {
  keys: Array<{ key: string; max: number }>;
  resolve: (counts: Count[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Redis: the hits of every request that arrives while a call is out go together in the next call, one script for
 * all their keys (at most `MAX_BATCH` requests), so a busy gateway makes one round trip per batch instead of one
 * per request; an idle one sends a request's hit at once. The script counts the requests in their order of arrival,
 * exactly as one call each would: per key INCR; a new key (or one left without expiry) gets the window as its TTL,
 * otherwise the TTL left is read; a request's later keys are not counted after one over its limit, like two
 * limiters in a row. A failed call fails the requests it carried (they pass: see `applyRateLimits`).
 */
class RedisCounters implements CounterStore {
  // ARGV: window, then per request its number of keys and their limits; KEYS: every request's keys in order.
  // Answers per request one (count, ttl) pair per key, (-1, -1) for a key left uncounted.
  private static readonly SCRIPT = `
    local out = {}
    local window = tonumber(ARGV[1])
    local k = 1
    local a = 2
    while a <= #ARGV do
      local n = tonumber(ARGV[a])
      a = a + 1
      local over = false
      for j = 1, n do
        local max = tonumber(ARGV[a])
        local key = KEYS[k]
        a = a + 1
        k = k + 1
        if over then
          out[#out + 1] = -1
          out[#out + 1] = -1
        else
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
          if current > max then over = true end
        end
      end
    end
    return out`;

  private waiting: PendingHit[] = [];
  private sending = false;

  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
  ) {
    if (!('vitrinaRateLimits' in redis)) redis.defineCommand('vitrinaRateLimits', { lua: RedisCounters.SCRIPT });
  }

  hit(keys: Array<{ key: string; max: number }>): Promise<Count[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ keys, resolve, reject });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    const run = (this.redis as unknown as Record<string, (...args: Array<string | number>) => Promise<number[]>>).vitrinaRateLimits;
    while (this.waiting.length > 0) {
      const batch = this.waiting.length > MAX_BATCH ? this.waiting.splice(0, MAX_BATCH) : this.waiting;
      if (batch === this.waiting) this.waiting = [];
      const keys: string[] = [];
      const args: number[] = [this.windowMs];
      for (const hit of batch) {
        args.push(hit.keys.length);
        for (const { key, max } of hit.keys) {
          keys.push(key);
          args.push(max);
        }
      }
      try {
        const flat = await run.call(this.redis, keys.length, ...keys, ...args);
        let i = 0;
        for (const hit of batch) {
          const counts: Count[] = [];
          for (let j = 0; j < hit.keys.length; j++, i += 2) {
            if (Number(flat[i]) >= 0) counts.push({ current: Number(flat[i]), ttlMs: Number(flat[i + 1]) });
          }
          hit.resolve(counts);
        }
      } catch (err) {
        for (const hit of batch) hit.reject(err);
      }
    }
    this.sending = false;
  }
}

/** One process: fixed windows kept in window-start order, the oldest dropped beyond `maxKeys`. */
class MemoryCounters implements CounterStore {
  private readonly windows: BoundedMap<{ current: number; endsAt: number }>;

  constructor(
    maxKeys: number,
    private readonly windowMs: number,
  ) {
    this.windows = new BoundedMap(maxKeys);
  }

  async hit(keys: Array<{ key: string; max: number }>): Promise<Count[]> {
    const windowMs = this.windowMs;
    const now = Date.now();
    const counts: Count[] = [];
    for (const { key, max } of keys) {
      let w = this.windows.get(key);
      if (!w || w.endsAt <= now) {
        w = { current: 0, endsAt: now + windowMs };
        this.windows.set(key, w);
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
