import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@vitrina/platform';
import { loadGatewayConfig } from '../src/config/gateway-config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadGatewayConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('gateway configuration', () => {
  it('defaults to port 3000, every service on its own local port, and web/dist of this checkout', () => {
    const { env, serviceUrls, trustProxy } = loadGatewayConfig({});
    expect(env.PORT).toBe(3000);
    expect(env.RATE_LIMIT_PER_IP).toBe(600);
    expect(env.RATE_LIMIT_PER_USER).toBe(1200);
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(30_000);
    expect(env.BODY_LIMIT_BYTES).toBe(1_048_576);
    expect(serviceUrls).toEqual({
      catalogue: 'http://127.0.0.1:3101',
      store: 'http://127.0.0.1:3102',
      'cart-checkout': 'http://127.0.0.1:3103',
      orders: 'http://127.0.0.1:3104',
      accounts: 'http://127.0.0.1:3105',
      messaging: 'http://127.0.0.1:3106',
      marketing: 'http://127.0.0.1:3107',
    });
    expect(env.WEB_DIST).toBe(join(process.cwd(), 'web', 'dist'));
    expect(trustProxy).toBe(false);
  });

  it('reads instances, origins and proxies', () => {
    const { env, serviceUrls, trustProxy } = loadGatewayConfig({
      SERVICE_URL_CART_CHECKOUT: 'http://cart-1:3103, http://cart-2:3103',
      CORS_ORIGINS: 'https://shop.example/,http://localhost:5173',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
    expect(serviceUrls['cart-checkout']).toBe('http://cart-1:3103, http://cart-2:3103');
    expect(env.CORS_ORIGINS).toEqual(['https://shop.example', 'http://localhost:5173']);
    expect(trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it("reads the stack's REDIS_PREFIX (REDIS_BUS_PREFIX as its deprecated alias) and SHUTDOWN_TIMEOUT_MS", () => {
    expect(loadGatewayConfig({}).env).toMatchObject({ REDIS_PREFIX: 'vitrina', SHUTDOWN_TIMEOUT_MS: 10_000 });
    expect(loadGatewayConfig({ REDIS_BUS_PREFIX: 'stack-b' }).env.REDIS_PREFIX).toBe('stack-b');
    expect(loadGatewayConfig({ REDIS_PREFIX: 'stack-a', SHUTDOWN_TIMEOUT_MS: '2500' }).env).toMatchObject({
      REDIS_PREFIX: 'stack-a',
      SHUTDOWN_TIMEOUT_MS: 2500,
    });
    expect(problemsOf({ REDIS_PREFIX: 'no spaces', SHUTDOWN_TIMEOUT_MS: 'soon' })).toEqual([
      expect.stringMatching(/^REDIS_PREFIX: /),
      expect.stringMatching(/^SHUTDOWN_TIMEOUT_MS: /),
    ]);
  });

  it('names every bad variable', () => {
    expect(
      problemsOf({ PORT: 'eighty', SERVICE_URL_ORDERS: 'orders:3104', CORS_ORIGINS: 'https://a.example/path', REDIS_URL: 'http://redis' }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^CORS_ORIGINS: /),
        expect.stringMatching(/^REDIS_URL: /),
      ]),
    );
    expect(problemsOf({ SERVICE_URL_ORDERS: 'http://orders:3104/api' })).toEqual([
      expect.stringMatching(/^SERVICE_URL_ORDERS: .*bare origin/),
    ]);
    expect(problemsOf({ TRUST_PROXY: 'maybe' })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['AUTH_PUBLIC_KEY: required when NODE_ENV=production']);
  });

  it('reads the platform hosts: lower case, no trailing dot; a scheme or port is refused', () => {
    expect(loadGatewayConfig({}).env.PLATFORM_HOSTS).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(loadGatewayConfig({ PLATFORM_HOSTS: 'Vitrina.com, www.vitrina.com.,localhost' }).env.PLATFORM_HOSTS).toEqual([
      'vitrina.com',
      'www.vitrina.com',
      'localhost',
    ]);
    expect(problemsOf({ PLATFORM_HOSTS: 'https://vitrina.com' })).toEqual([expect.stringMatching(/^PLATFORM_HOSTS: .*host names/)]);
    expect(problemsOf({ PLATFORM_HOSTS: 'vitrina.com:3000' })).toEqual([expect.stringMatching(/^PLATFORM_HOSTS: /)]);
  });
});
