import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_PORT, SERVICE_NAMES, SERVICES, serviceUrlVariable, type ServiceName } from '@vitrina/contracts';
import { DEFAULT_REDIS_PREFIX, env, parseEnv, redisPrefixSchema, shutdownEnvShape, withRedisPrefixAlias } from '@vitrina/platform';
import { z } from 'zod';
import { DEFAULT_BODY_LIMIT_BYTES } from '../proxy/body-limit.js';
import { parseInstanceUrls } from '../proxy/upstreams.js';

/** web/dist of this checkout, from this file's location (src/config or dist/config). */
const DEFAULT_WEB_DIST = resolve(fileURLToPath(new URL('../../../../web/dist', import.meta.url)));

const serviceUrlShape = Object.fromEntries(
  SERVICE_NAMES.map((name) => [serviceUrlVariable(name), z.string().default(`http://127.0.0.1:${SERVICES[name].port}`)]),
) as Record<string, z.ZodDefault<z.ZodString>>;

/**
 * Every variable the gateway process reads (`node services/gateway/dist/main.js`). A bad value stops the
 * process with a message naming the variable.
 */
export const gatewayEnvShape = {
  /** Public port of the gateway (the only public port of the stack). */
  PORT: env.int(GATEWAY_PORT, 1, 65535),
  /** Interface to bind. */
  HOST: z.string().default('0.0.0.0'),
  /**
   * SERVICE_URL_CATALOGUE, SERVICE_URL_STORE, SERVICE_URL_CART_CHECKOUT, SERVICE_URL_ORDERS, SERVICE_URL_ACCOUNTS,
   * SERVICE_URL_MESSAGING, SERVICE_URL_MARKETING: base URL of each service, default http://127.0.0.1:<its port>.
   * Several comma-separated URLs are instances of the service, used round-robin with failover.
   */
  ...serviceUrlShape,
  /** The built web app to serve; default <repo>/web/dist. */
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  /** Origins (scheme://host[:port]) allowed to call the API from a browser with credentials; none by default. */
  CORS_ORIGINS: env
    .list()
    .refine((origins) => origins.every(isOrigin), 'must be a comma-separated list of origins such as https://shop.example')
    .transform((origins) => origins.map((o) => new URL(o).origin))
    .optional(),
  /**
   * Host names of the platform itself (comma-separated, no scheme or port; default localhost,127.0.0.1,::1):
   * there `/tienda/{slug}/` serves a shop. A page requested on any other host (not an IP address) is a shop's
   * page at the root of its own host: `{slug}.{platform host}` is the shop of that slug (so `demo.localhost`
   * is shop `demo` by default), any other host the shop whose `host` it is (store: by-host lookup). List every
   * name the platform answers on (`vitrina.com,www.vitrina.com`), or its pages are taken for shops.
   */
  PLATFORM_HOSTS: env
    .list()
    .transform((hosts) => hosts.map((h) => h.toLowerCase().replace(/\.$/, '')))
    .refine(
      (hosts) => hosts.every(isHostName),
      'must be comma-separated host names without scheme or port, such as vitrina.com,www.vitrina.com',
    )
    .default(['localhost', '127.0.0.1', '::1']),
  /**
   * Longest wait for the store service when rendering a shop page's head (ms), and for the catalogue on an item's or
   * catalogue's page; the default head (or the shop's) after that.
   */
  SHOP_HEAD_TIMEOUT_MS: env.int(800, 50, 10_000),
  /** Redis holding the rate-limit counters, shared by every gateway instance; in-process counters when unset. */
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  /**
   * The stack's part of that Redis database, as for every process of the stack (REDIS_BUS_PREFIX is a deprecated
   * alias): the counters are `<REDIS_PREFIX>:gateway:rl:ip:...` and `...:user:...` (libs/platform runtime/redis-prefix.ts).
   */
  REDIS_PREFIX: redisPrefixSchema.default(DEFAULT_REDIS_PREFIX),
  /** Requests per minute from one client IP to /api. */
  RATE_LIMIT_PER_IP: env.int(600, 1),
  /** Requests per minute from one signed-in user (verified access token) to /api. */
  RATE_LIMIT_PER_USER: env.int(1200, 1),
  /** Longest wait for a service's response headers, and between two chunks of its body (ms). */
  UPSTREAM_TIMEOUT_MS: env.int(30_000, 100, 3_600_000),
  /**
   * Largest request body for /api, in bytes; groups with their own limit (the gallery's image uploads: 5 MiB) take
   * the larger of the two. The services read the same table (libs/contracts http-limits.ts): set the same value on both.
   */
  BODY_LIMIT_BYTES: env.int(DEFAULT_BODY_LIMIT_BYTES, 1024),
  /**
   * Proxies in front of the gateway whose X-Forwarded-* headers are believed (client IP for rate limits and
   * logs): `false` (default: the gateway faces clients), `true`, a hop count, or comma-separated IPs/CIDRs.
   */
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Access-token verification, for per-user rate limits: the accounts service's Ed25519 public key (PEM or
   * base64 of PEM), its issuer and audience. Without AUTH_PUBLIC_KEY outside production, the key pair under
   * DATA_DIR/keys (generated by the local stack) is used.
   */
  AUTH_PUBLIC_KEY: z.string().optional(),
  AUTH_ISSUER: z.string().default('vitrina-accounts'),
  AUTH_AUDIENCE: z.string().default('vitrina-api'),
  DATA_DIR: z.string().default('.data'),
  /** The longest graceful stop on SIGTERM/SIGINT (ms): in-flight requests finish first; exit 1 after it. */
  SHUTDOWN_TIMEOUT_MS: shutdownEnvShape.SHUTDOWN_TIMEOUT_MS,
};

export type GatewayEnv = z.infer<z.ZodObject<typeof gatewayEnvShape>>;

export interface GatewayConfig {
  env: GatewayEnv;
  serviceUrls: Record<ServiceName, string>;
  trustProxy: boolean | number | string[];
}

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  let trustProxy: GatewayConfig['trustProxy'] = false;
  const parsed = parseEnv(gatewayEnvShape, withRedisPrefixAlias(source), (c) => {
    const problems: string[] = [];
    for (const name of SERVICE_NAMES) {
      const variable = serviceUrlVariable(name);
      try {
        parseInstanceUrls(variable, (c as unknown as Record<string, string>)[variable]);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    try {
      trustProxy = parseTrustProxy(c.TRUST_PROXY);
    } catch (err) {
      problems.push(`TRUST_PROXY: ${(err as Error).message}`);
    }
    if (c.NODE_ENV === 'production' && !c.AUTH_PUBLIC_KEY) problems.push('AUTH_PUBLIC_KEY: required when NODE_ENV=production');
    return problems;
  });
  const serviceUrls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, (parsed as unknown as Record<string, string>)[serviceUrlVariable(name)]]),
  ) as Record<ServiceName, string>;
  return { env: parsed, serviceUrls, trustProxy };
}

function parseTrustProxy(value: string): GatewayConfig['trustProxy'] {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^[1-9][0-9]?$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every((s) => /^[0-9a-f.:]+(\/[0-9]{1,3})?$/.test(s) || ['loopback', 'linklocal', 'uniquelocal'].includes(s)))
    return list;
  throw new Error('must be true, false, a hop count, or comma-separated IPs/CIDRs');
}

function isHostName(value: string): boolean {
  return (
    value.length <= 253 &&
    (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(value) || (/^[0-9a-f:]+$/.test(value) && value.includes(':')))
  );
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}
