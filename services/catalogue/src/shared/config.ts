import { internalServiceSecret } from '@vitrina/contracts';
import { ConfigError, parseEnv } from '@vitrina/platform';
import { z } from 'zod';

/** Configuration of the catalogue service (besides the platform's). Read once at start; bad values stop it. */
export interface CatalogueConfig {
  /** Seed the demo world at start: SEED_DEMO=true, or unset in development. Never in production. */
  seedDemo: boolean;
  /** Path of a catalogue's share link inside a shop (spec 1 §2: a configurable base may replace /catalogos). */
  shareBase: string;
  /** Where the demo photos are served (through the gateway). */
  demoPhotosBaseUrl: string;
  /** Benchmark world: this many extra items (0: none) across `benchShops` shops (contracts: catalogue-demo.ts). */
  benchItems: number;
  benchShops: number;
  /** Public listing pages kept in memory (listings/listing-cache.ts): total bytes (0 = off) and how long one may be served. */
  listingCacheBytes: number;
  listingCacheTtlMs: number;
  /**
   * Shared secret of the internal reservation endpoints (header SERVICE_SECRET_HEADER): INTERNAL_SERVICE_SECRET,
   * required in production; elsewhere it defaults to the development secret of @vitrina/contracts.
   */
  internalSecret: string;
  /** Seconds between sweeps releasing expired stock reservations (RESERVATION_SWEEP_SECONDS). */
  reservationSweepSeconds: number;
  /**
   * How long past its expiry a hold is left to the checkout's own expiry event before the sweep releases it
   * (RESERVATION_SWEEP_GRACE_SECONDS): a payment made just before the expiry keeps its stock while its event travels.
   */
  reservationSweepGraceSeconds: number;
}

export const CATALOGUE_CONFIG = Symbol.for('vitrina.catalogue.config');

export function loadCatalogueConfig(nodeEnv: string, source: NodeJS.ProcessEnv = process.env): CatalogueConfig {
  const parsed = parseEnv(
    {
      SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
      CATALOGUE_SHARE_BASE: z
        .string()
        .regex(/^\/[A-Za-z0-9_\-/]*$/, 'must be a path such as /catalogos')
        .default('/catalogos'),
      DEMO_PHOTOS_BASE_URL: z.string().default('/api/catalogue/demo-photos'),
      SEED_BENCH_ITEMS: z.coerce.number().int().min(0).max(1_000_000).default(0),
      SEED_BENCH_SHOPS: z.coerce.number().int().min(1).max(10_000).default(50),
      LISTING_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
      LISTING_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
      RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
      RESERVATION_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    },
    source,
  );
  return {
    seedDemo:
      nodeEnv !== 'production' &&
      (parsed.SEED_DEMO === undefined ? nodeEnv === 'development' : ['true', '1', 'yes'].includes(parsed.SEED_DEMO)),
    shareBase: parsed.CATALOGUE_SHARE_BASE.replace(/\/+$/, '') || '/catalogos',
    demoPhotosBaseUrl: parsed.DEMO_PHOTOS_BASE_URL.replace(/\/+$/, ''),
    benchItems: nodeEnv === 'production' ? 0 : parsed.SEED_BENCH_ITEMS,
    benchShops: parsed.SEED_BENCH_SHOPS,
    listingCacheBytes: Math.round(parsed.LISTING_CACHE_MB * 1024 * 1024),
    listingCacheTtlMs: parsed.LISTING_CACHE_TTL_MS,
    internalSecret: secretOf(nodeEnv, source),
    reservationSweepSeconds: parsed.RESERVATION_SWEEP_SECONDS,
    reservationSweepGraceSeconds: parsed.RESERVATION_SWEEP_GRACE_SECONDS,
  };
}

function secretOf(nodeEnv: string, source: NodeJS.ProcessEnv): string {
  try {
    return internalServiceSecret({ ...source, NODE_ENV: nodeEnv });
  } catch (err) {
    throw new ConfigError([(err as Error).message]);
  }
}
