import {
  ConfigError,
  createLogger,
  holdSignalsWhileStarting,
  installGracefulShutdown,
  loadAuthKeysFromConfig,
  rateLimitKeyPrefix,
  tokenVerifierFromConfig,
} from '@vitrina/platform';
import { loadGatewayConfig } from './config/gateway-config.js';
import { startGateway } from './gateway.module.js';

/**
 * The gateway's own process (`node services/gateway/dist/main.js`, distributed mode). Every variable it
 * reads is documented in config/gateway-config.ts; a bad value stops the process naming the variable.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, then exit 0 (1 after
 * SHUTDOWN_TIMEOUT_MS or on a second signal).
 */
async function main(): Promise<void> {
  let config;
  let verifier;
  try {
    config = loadGatewayConfig();
    // Per-user rate limits need the accounts service's public key: AUTH_PUBLIC_KEY, or (local cluster) the
    // pair under DATA_DIR/keys that the services share.
    const keys = await loadAuthKeysFromConfig({ ...config.env, AUTH_PRIVATE_KEY: undefined });
    verifier = tokenVerifierFromConfig(keys, config.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`[gateway] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const { env } = config;
  const logger = createLogger('gateway', env.LOG_LEVEL);
  // A signal while it starts (Redis, listening) stops it once up, not half-way.
  const starting = holdSignalsWhileStarting({ logger, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  const gateway = await startGateway({
    port: env.PORT,
    host: env.HOST,
    serviceUrls: config.serviceUrls,
    webDist: env.WEB_DIST,
    corsOrigins: env.CORS_ORIGINS,
    redisUrl: env.REDIS_URL,
    // Under the stack's REDIS_PREFIX, so two stacks on one Redis database keep separate counters.
    rateLimitKeyPrefix: rateLimitKeyPrefix(env.REDIS_PREFIX),
    rateLimit: { perIpPerMinute: env.RATE_LIMIT_PER_IP, perUserPerMinute: env.RATE_LIMIT_PER_USER },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    trustProxy: config.trustProxy,
    verifier,
    logLevel: env.LOG_LEVEL,
    platformHosts: env.PLATFORM_HOSTS,
    shopHeadTimeoutMs: env.SHOP_HEAD_TIMEOUT_MS,
  });

  const shutdown = installGracefulShutdown({
    logger,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    steps: [{ name: 'gateway (http server, upstream pools, rate-limit store)', run: () => gateway.close() }],
  });
  starting.started(shutdown);
}

await main();
