import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { request } from 'undici';
import type { GatewayOptions, RunningGateway } from '../src/gateway.module.js';
import { headAskingToContinue } from './support/expect-continue.js';
import { startFakeServices } from './support/fake-services.js';
import { startGateway } from './support/load-gateway.js';

let stack: Awaited<ReturnType<typeof startFakeServices>>;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  stack = await startFakeServices();
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await stack?.close();
});

async function gateway(options: Partial<GatewayOptions>): Promise<RunningGateway> {
  const gw = await startGateway({ port: 0, host: '127.0.0.1', serviceUrls: stack.serviceUrls, logLevel: 'silent', ...options });
  gateways.push(gw);
  return gw;
}

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await request(`${base}${path}`, { headers });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    headers: res.headers,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text,
  };
}

/** Verifies `good-<user>` tokens; anything else is refused, as a bad signature would be. */
const verifier = {
  async verify(token: string) {
    if (!token.startsWith('good-')) throw new Error('invalid token');
    return { id: token.slice(5) };
  },
};

describe('per-IP rate limit (memory store)', () => {
  it('answers 429 rate_limited with Retry-After once an IP passes its limit', async () => {
    const gw = await gateway({ rateLimit: { perIpPerMinute: 3, perUserPerMinute: 100 } });
    for (let i = 0; i < 3; i++) {
      const ok = await get(gw.url, '/api/catalogue/echo');
      expect(ok.status).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('3');
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await get(gw.url, '/api/catalogue/echo');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'rate_limited', message: expect.stringContaining('retry in') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Unknown groups count too (no free scanning), and so does the OpenAPI document.
    expect((await get(gw.url, '/api/nope')).status).toBe(429);
  });

  it('refuses an upload over the limit before it is sent: 429 as the first answer to Expect: 100-continue', async () => {
    const gw = await gateway({ rateLimit: { perIpPerMinute: 1, perUserPerMinute: 100 } });
    expect((await get(gw.url, '/api/catalogue/echo')).status).toBe(200);
    const before = stack.fakes.catalogue.seen.length;
    const { socket, first } = await headAskingToContinue(gw.url, '/api/catalogue/echo', 512 * 1024, 'application/octet-stream');
    const answer = await first();
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).not.toMatch(/100 Continue/);
    expect(stack.fakes.catalogue.seen.length).toBe(before);
  });

  it('exempts health, docs and the web app', async () => {
    const gw = await gateway({ rateLimit: { perIpPerMinute: 1, perUserPerMinute: 100 } });
    expect((await get(gw.url, '/api/catalogue/echo')).status).toBe(200);
    expect((await get(gw.url, '/api/catalogue/echo')).status).toBe(429);
    for (const path of ['/api/health', '/health/live', '/health/ready', '/api/docs', '/api/docs/assets/swagger-ui.css']) {
      expect((await get(gw.url, path)).status).toBe(200);
    }
  });
});

describe('per-user rate limit', () => {
  it('refuses an IP over its limit before checking its token: made-up tokens buy no signature checks', async () => {
    let checks = 0;
    const counting = {
      async verify(token: string) {
        checks += 1;
        return verifier.verify(token);
      },
    };
    const gw = await gateway({ rateLimit: { perIpPerMinute: 2, perUserPerMinute: 100 }, verifier: counting });
    const forged = (i: number) => ({ authorization: `Bearer forged-${i}` });
    expect((await get(gw.url, '/api/orders/echo', forged(1))).status).toBe(200);
    expect((await get(gw.url, '/api/orders/echo', forged(2))).status).toBe(200);
    expect((await get(gw.url, '/api/orders/echo', forged(3))).status).toBe(429); // counted, and now known over
    expect(checks).toBe(3);
    for (let i = 4; i < 14; i++) {
      const refused = await get(gw.url, '/api/orders/echo', forged(i));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('retry in') });
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(checks).toBe(3);
  });

  it('does not count the user when the IP is already over its limit', async () => {
    const gw = await gateway({ rateLimit: { perIpPerMinute: 1, perUserPerMinute: 5 }, verifier });
    const erin = { authorization: 'Bearer good-erin' };
    expect((await get(gw.url, '/api/orders/echo', erin)).status).toBe(200);
    const byIp = await get(gw.url, '/api/orders/echo', erin);
    expect(byIp.status).toBe(429);
    expect(byIp.body).toMatchObject({ code: 'rate_limited', message: expect.not.stringContaining('account') });
    expect(byIp.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('limits a verified user across requests, while invalid or absent tokens count per IP only', async () => {
    const gw = await gateway({ rateLimit: { perIpPerMinute: 100, perUserPerMinute: 2 }, verifier });
    const alice = { authorization: 'Bearer good-alice' };
    expect((await get(gw.url, '/api/orders/echo', alice)).status).toBe(200);
    expect((await get(gw.url, '/api/orders/echo', alice)).status).toBe(200);
    const limited = await get(gw.url, '/api/orders/echo', alice);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('account') });
    // Another user, a forged token and no token are not affected by alice's quota.
    expect((await get(gw.url, '/api/orders/echo', { authorization: 'Bearer good-bob' })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await get(gw.url, '/api/orders/echo', { authorization: 'Bearer forged-alice' })).status).toBe(200);
      expect((await get(gw.url, '/api/orders/echo')).status).toBe(200);
    }
  });
});

describe('per-IP rate limit shared through Redis', () => {
  const redisUrl = process.env.REDIS_URL;
  const prefix = `test:gateway:rl:${randomUUID()}:`;

  afterAll(async () => {
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts requests to two gateway instances together', async () => {
    if (!redisUrl) {
      console.log('SKIP per-IP rate limit on Redis: REDIS_URL is not set');
      return;
    }
    const options = { redisUrl, rateLimitKeyPrefix: prefix, rateLimit: { perIpPerMinute: 4, perUserPerMinute: 100 } };
    const a = await gateway(options);
    const b = await gateway(options);
    expect((await get(a.url, '/api/store/echo')).status).toBe(200);
    expect((await get(b.url, '/api/store/echo')).status).toBe(200);
    expect((await get(a.url, '/api/store/echo')).status).toBe(200);
    expect((await get(b.url, '/api/store/echo')).status).toBe(200);
    const limited = await get(a.url, '/api/store/echo');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(b.url, '/api/store/echo')).status).toBe(429);

    const redis = new Redis(redisUrl);
    try {
      expect(await redis.keys(`${prefix}ip:*`)).toEqual([`${prefix}ip:127.0.0.1`]);
    } finally {
      await redis.quit();
    }
  });

  it('counts IP and user in one round trip, and shares the user quota between instances', async () => {
    if (!redisUrl) {
      console.log('SKIP per-user rate limit on Redis: REDIS_URL is not set');
      return;
    }
    const userPrefix = `${prefix}u:`;
    const options = { redisUrl, rateLimitKeyPrefix: userPrefix, verifier, rateLimit: { perIpPerMinute: 100, perUserPerMinute: 3 } };
    const a = await gateway(options);
    const b = await gateway(options);
    const carol = { authorization: 'Bearer good-carol' };
    const monitor = new Redis(redisUrl);
    const seen: string[] = [];
    // monitor() opens a connection of its own
    const feed = await monitor.monitor();
    try {
      // (commands a script runs show with the source "lua": only the client's own count as round trips)
      feed.on('monitor', (_time: string, args: string[], source: string) => {
        if (source !== 'lua' && args.some((arg) => arg.startsWith(userPrefix))) seen.push(args.join(' '));
      });
      expect((await get(a.url, '/api/orders/echo', carol)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      // one script call carrying both counters, nothing else
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/^(evalsha|eval) /i);
      expect(seen[0]).toContain(`${userPrefix}ip:127.0.0.1`);
      expect(seen[0]).toContain(`${userPrefix}user:carol`);
    } finally {
      feed.disconnect();
      monitor.disconnect();
    }
    expect((await get(b.url, '/api/orders/echo', carol)).status).toBe(200);
    expect((await get(a.url, '/api/orders/echo', carol)).status).toBe(200);
    const limited = await get(b.url, '/api/orders/echo', carol);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('account') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // the IP's own quota is not spent by the user's refusal beyond its count, and other users go on
    expect((await get(a.url, '/api/orders/echo', { authorization: 'Bearer good-dave' })).status).toBe(200);
    const redis = new Redis(redisUrl);
    try {
      expect(Number(await redis.get(`${userPrefix}user:carol`))).toBe(4);
      expect(await redis.pttl(`${userPrefix}user:carol`)).toBeGreaterThan(50_000);
    } finally {
      await redis.quit();
    }
  });

  it('counts concurrent requests exactly while they share script calls', async () => {
    if (!redisUrl) {
      console.log('SKIP batched rate limit on Redis: REDIS_URL is not set');
      return;
    }
    const batchPrefix = `${prefix}b:`;
    const options = { redisUrl, rateLimitKeyPrefix: batchPrefix, verifier, rateLimit: { perIpPerMinute: 1000, perUserPerMinute: 30 } };
    const a = await gateway(options);
    const b = await gateway(options);
    // connections opened first, so the measured requests arrive together rather than one connection at a time
    await Promise.all(Array.from({ length: 80 }, (_, i) => get(i % 2 ? a.url : b.url, '/api/orders/echo')));
    const monitor = new Redis(redisUrl);
    let calls = 0;
    const feed = await monitor.monitor();
    try {
      feed.on('monitor', (_time: string, args: string[], source: string) => {
        if (source !== 'lua' && args.some((arg) => arg.startsWith(batchPrefix))) calls += 1;
      });
      // 80 requests of one user at once, half to each instance: exactly 30 pass, whatever the batches
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) => get(i % 2 ? a.url : b.url, '/api/orders/echo', { authorization: 'Bearer good-erin' })),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
      // every request's remaining count is its own place in the IP's window: no two share one
      const remaining = answers.map((r) => Number(r.headers['x-ratelimit-remaining']));
      expect(new Set(remaining).size).toBe(80);
      expect(Math.min(...remaining)).toBe(1000 - 160);
      await new Promise((r) => setTimeout(r, 200));
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThan(80);
    } finally {
      feed.disconnect();
      monitor.disconnect();
    }
    const redis = new Redis(redisUrl);
    try {
      expect(Number(await redis.get(`${batchPrefix}user:erin`))).toBe(80);
      expect(Number(await redis.get(`${batchPrefix}ip:127.0.0.1`))).toBe(160);
    } finally {
      await redis.quit();
    }
  });

  it('lets requests through when Redis is unreachable', async () => {
    const gw = await gateway({
      redisUrl: 'redis://127.0.0.1:1',
      rateLimitKeyPrefix: prefix,
      rateLimit: { perIpPerMinute: 1, perUserPerMinute: 1 },
    });
    expect((await get(gw.url, '/api/store/echo')).status).toBe(200);
    expect((await get(gw.url, '/api/store/echo')).status).toBe(200);
  });
});
