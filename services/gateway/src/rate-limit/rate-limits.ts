import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
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
   * Redis database keep separate counters; tests use a unique one.
   */
  keyPrefix: string;
  verifier?: TokenVerifierLike;
  onLimited?: (scope: 'ip' | 'user') => void;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimitResult = Awaited<ReturnType<Limiter>>;

const WINDOW_MS = 60_000;
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * Builds the `onRequest` hook that applies both limits with @fastify/rate-limit: per client IP on every
 * /api route, and per user for requests carrying a token the verifier accepts (an absent or invalid token
 * only counts against the IP). Each limiter is its own plugin registration so its counters sit under their
 * own key prefix, in Redis (shared by every gateway instance) or in memory. A store failure lets the
 * request through: an unreachable Redis must not take the API down with it.
 * Routes outside rate limiting (health, docs page, web app) are simply registered outside the hook's scope.
 */
export async function createRateLimitHook(app: FastifyInstance, settings: RateLimitSettings) {
  const verifiedUsers = new WeakMap<FastifyRequest, string>();
  const perIp = await limiter(app, settings, 'ip', settings.perIpPerMinute, (req) => normalizeIP(req.ip));
  const perUser = await limiter(app, settings, 'user', settings.perUserPerMinute, (req) => verifiedUsers.get(req) ?? '');

  return async function applyRateLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const ip = await perIp(request);
    if (!ip.isAllowed) {
      void reply
        .header('x-ratelimit-limit', ip.max)
        .header('x-ratelimit-remaining', ip.remaining)
        .header('x-ratelimit-reset', ip.ttlInSeconds);
      if (ip.isExceeded) throw limited('ip', ip, settings);
    }
    const userId = await verifiedUserId(request, settings);
    if (!userId) return;
    verifiedUsers.set(request, userId);
    const user = await perUser(request);
    if (!user.isAllowed && user.isExceeded) throw limited('user', user, settings);
  };
}

async function limiter(
  app: FastifyInstance,
  settings: RateLimitSettings,
  scope: 'ip' | 'user',
  max: number,
  keyGenerator: (req: FastifyRequest) => string,
): Promise<Limiter> {
  let created: Limiter | undefined;
  // fastify-plugin decorates the scope it is registered in: one child scope per limiter keeps them apart.
  await app.register(async (child) => {
    await child.register(rateLimit, {
      global: false,
      max,
      timeWindow: WINDOW_MS,
      keyGenerator,
      skipOnError: true,
      cache: 10_000,
      ...(settings.redis ? { redis: settings.redis, nameSpace: `${settings.keyPrefix}${scope}:` } : {}),
    });
    created = child.createRateLimit();
  });
  return created!;
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

function limited(scope: 'ip' | 'user', result: LimitResult, settings: RateLimitSettings): GatewayHttpError {
  settings.onLimited?.(scope);
  const seconds = result.isAllowed ? 1 : Math.max(1, result.ttlInSeconds);
  return new GatewayHttpError(
    429,
    ErrorCodes.rateLimited,
    `Too many requests${scope === 'user' ? ' for this account' : ''}; retry in ${seconds} s`,
    { 'retry-after': String(seconds) },
  );
}
